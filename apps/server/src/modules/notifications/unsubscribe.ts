import { NOTIFICATION_KINDS, type NotificationKind } from '@aeropool/contract/notifications';
import { hmac, safeEqual } from '../../lib/hash';
import type { ServiceContext } from '../../lib/service-context';

/**
 * One-click unsubscribe (RFC 8058) for notice mails: each carries a link that switches off mails
 * of its kind for its rider, without signing in. The link is signed (HMAC under the server's hash
 * key), so it names one rider and one kind and cannot be made for another.
 */
const signatureOf = (ctx: Pick<ServiceContext, 'secrets'>, userId: string, kind: string) =>
  hmac(ctx.secrets.hashKey, `unsubscribe:${userId}:${kind}`);

export const unsubscribeToken = (
  ctx: Pick<ServiceContext, 'secrets'>,
  userId: string,
  kind: NotificationKind,
): string => `${userId}.${kind}.${signatureOf(ctx, userId, kind)}`;

/** The rider and kind a token was made for, or null when it was not made here. */
export function readUnsubscribeToken(
  ctx: Pick<ServiceContext, 'secrets'>,
  token: string,
): { userId: string; kind: NotificationKind } | null {
  const [userId = '', kind = '', signature = '', ...rest] = token.split('.');
  if (rest.length > 0 || !(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  if (!safeEqual(signature, signatureOf(ctx, userId, kind))) return null;
  return { userId, kind: kind as NotificationKind };
}

/**
 * The headers that let a mail app offer "Unsubscribe" and do it in one click (Gmail and Yahoo ask
 * senders for them). None without PUBLIC_URL: the link must be an absolute address.
 */
export function unsubscribeHeaders(
  ctx: Pick<ServiceContext, 'secrets' | 'config'>,
  userId: string,
  kind: NotificationKind,
): Record<string, string> | undefined {
  const site = ctx.config.PUBLIC_URL;
  if (!site) return undefined;
  const url = `${site}/api/notifications/unsubscribe?token=${unsubscribeToken(ctx, userId, kind)}`;
  return {
    'List-Unsubscribe': `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
