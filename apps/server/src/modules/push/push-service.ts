import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { PushPayload } from '@aeropool/contract/push';
import { pushSubscriptions, sessions } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';
import { vapidKeys, type VapidKeys } from './vapid-keys';

export type { PushPayload };

/** A ride notification is stale after a day; push services would otherwise hold it for weeks. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** How a push service should treat a push (RFC 8030 §5.2, §5.3). */
export type PushDelivery = {
  /**
   * When the push is no longer worth showing (a trip reminder at the trip's time): a device
   * reached later, out of coverage or asleep until then, gets nothing rather than a stale notice.
   */
  staleAt?: Date;
  /** Time-critical (a reminder, a co-rider's message): delivered even to a device saving power. */
  urgent?: boolean;
};
/**
 * Pushes are not awaited by the action that caused them; this bounds how long a hung push
 * service holds a socket.
 */
const PUSH_TIMEOUT_MS = 5000;
/** RFC 8291 leaves 3993 bytes of plain text in the one 4096-byte record push services take. */
const MAX_PAYLOAD_BYTES = 3900;

type Subscription = typeof pushSubscriptions.$inferSelect;

const byteLength = (payload: PushPayload) => Buffer.byteLength(JSON.stringify(payload));

/** A long chat message is shortened rather than refused by the push service (413). */
function fitPayload(payload: PushPayload): PushPayload {
  let characters = [...payload.body];
  let fitted = payload;
  while (byteLength(fitted) > MAX_PAYLOAD_BYTES && characters.length > 0) {
    characters = characters.slice(0, Math.floor(characters.length * 0.8));
    fitted = { ...payload, body: `${characters.join('')}…` };
  }
  return fitted;
}

/** Topic (RFC 8030 §5.4): a push still waiting for the device is replaced by a newer one of the same tag. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/**
 * web-push encrypts (aes128gcm) and signs (VAPID); the request itself goes through fetch, with a
 * timeout and no redirects, and over plain http to a local stand-in in tests (web-push's own
 * sendNotification always speaks https).
 */
async function sendTo(
  ctx: ServiceContext,
  subscription: Subscription,
  body: string,
  options: { tag: string; ttlSeconds: number; urgent: boolean },
  keys: VapidKeys,
): Promise<void> {
  // The endpoint's path is the device's address, as good as a credential: only the host is logged.
  const host = new URL(subscription.endpoint).host;
  try {
    // Loaded at the first push, not at every start (issue 7: cold start).
    const { default: webpush } = await import('web-push');
    const request = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      body,
      {
        vapidDetails: keys,
        TTL: options.ttlSeconds,
        topic: topicOf(options.tag),
        urgency: options.urgent ? 'high' : 'normal',
      },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await response.body?.cancel();
    // 404 and 410: the browser dropped the subscription (RFC 8030 §7.3); it will never work again.
    if (response.status === 404 || response.status === 410) {
      await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      ctx.log.info({ host, status: response.status }, 'push subscription gone; removed');
      return;
    }
    if (!response.ok) ctx.log.warn({ host, status: response.status }, 'push not accepted');
  } catch (error) {
    ctx.log.warn({ err: error, host }, 'push not sent');
  }
}

/**
 * Sends a notification to every browser the rider allowed Web Push on; best effort (a failed push
 * never fails the action that caused it).
 */
export async function pushToUser(
  ctx: ServiceContext,
  userId: string,
  payload: PushPayload,
  delivery: PushDelivery = {},
): Promise<void> {
  const ttlSeconds = delivery.staleAt
    ? Math.min(
        PUSH_TTL_SECONDS,
        Math.floor((delivery.staleAt.getTime() - ctx.now().getTime()) / 1000),
      )
    : PUSH_TTL_SECONDS;
  if (ttlSeconds <= 0) return;
  try {
    // Only devices whose session is still live: a signed-out or revoked one gets nothing.
    const subscriptions = (
      await ctx.db
        .select({ subscription: pushSubscriptions })
        .from(pushSubscriptions)
        .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
        .where(
          and(
            eq(pushSubscriptions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, ctx.now()),
          ),
        )
    ).map((row) => row.subscription);
    if (subscriptions.length === 0) return;
    const keys = await vapidKeys(ctx);
    const body = JSON.stringify(fitPayload(payload));
    const options = { tag: payload.tag, ttlSeconds, urgent: delivery.urgent ?? false };
    await Promise.all(subscriptions.map((item) => sendTo(ctx, item, body, options, keys)));
  } catch (error) {
    ctx.log.error({ err: error }, 'push not sent');
  }
}
