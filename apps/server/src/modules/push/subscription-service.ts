import { ECDH } from 'node:crypto';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import {
  PUSH_MESSAGES,
  PUSH_SERVICE_HOSTS,
  PUSH_SUBSCRIPTIONS_PER_RIDER,
  type PushSubscriptionBody,
} from '@aeropool/contract/push';
import { pushSubscriptions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';

const stripPadding = (key: string) => key.replace(/=+$/, '');

/**
 * Browsers only hand out https endpoints of their vendor's push service; plain http and other
 * hosts are for the local stand-in in tests. Refusing them in production keeps the server from
 * POSTing wherever a made-up subscription points.
 */
function assertEndpointAllowed(ctx: Pick<ServiceContext, 'config'>, endpoint: string): void {
  if (ctx.config.NODE_ENV !== 'production') return;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') {
    throw new AppError('BAD_REQUEST', PUSH_MESSAGES.insecureEndpoint, { field: 'endpoint' });
  }
  if (!PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname))) {
    throw new AppError('BAD_REQUEST', PUSH_MESSAGES.unknownPushService, { field: 'endpoint' });
  }
}

/** The browser's key must be a point of P-256: any other would fail every push sent to it. */
function assertCurvePoint(p256dh: string): void {
  try {
    ECDH.convertKey(Buffer.from(p256dh, 'base64url'), 'prime256v1');
  } catch {
    throw new AppError('BAD_REQUEST', PUSH_MESSAGES.invalidKeys, { field: 'keys.p256dh' });
  }
}

/**
 * Saves this browser's subscription for the rider. An endpoint belongs to one browser, so when
 * another rider signs in there and subscribes, the device moves to them: with the keys that
 * browser holds. Different keys for another rider's endpoint are someone else's claim on it
 * (the endpoint is all they would need to take over that rider's pushes), refused. Past the
 * per-rider cap the oldest devices are dropped (each one is a request on every notification).
 */
export async function subscribe(
  ctx: ServiceContext,
  { userId, sessionId }: { userId: string; sessionId: string },
  body: PushSubscriptionBody,
): Promise<void> {
  assertEndpointAllowed(ctx, body.endpoint);
  assertCurvePoint(body.keys.p256dh);
  const values = {
    userId,
    sessionId,
    endpoint: body.endpoint,
    p256dh: stripPadding(body.keys.p256dh),
    auth: stripPadding(body.keys.auth),
    createdAt: ctx.now(),
  };
  await ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId,
          sessionId,
          p256dh: values.p256dh,
          auth: values.auth,
          createdAt: values.createdAt,
        },
        setWhere: sql`${pushSubscriptions.userId} = excluded.user_id
          or (${pushSubscriptions.p256dh} = excluded.p256dh and ${pushSubscriptions.auth} = excluded.auth)`,
      })
      .returning({ id: pushSubscriptions.id });
    if (!saved) throw new AppError('CONFLICT', PUSH_MESSAGES.endpointTaken, { field: 'endpoint' });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(PUSH_SUBSCRIPTIONS_PER_RIDER);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
  });
}

/** Turns push off for one of the rider's own browsers; someone else's endpoint is not found. */
export async function unsubscribe(
  ctx: ServiceContext,
  userId: string,
  endpoint: string,
): Promise<void> {
  const deleted = await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', PUSH_MESSAGES.subscriptionNotFound);
}
