import { NOTIFICATION_KINDS, type NotificationKind } from '@aeropool/contract/notifications';
import { hmac, safeEqual } from '../../lib/hash';
import { UNSUBSCRIBE_PAGE } from '@aeropool/contract/app-routes';
import { escapeHtml, withHtmlAtEnd } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';
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
 * A notice mail's ways out, for one rider and kind: the headers that let a mail app offer
 * "Unsubscribe" and do it in one click (Gmail and Yahoo ask senders for them), and a link in the
 * mail itself to a page that asks first (a link scanner opening it changes nothing). Nothing
 * without PUBLIC_URL: the links must be absolute addresses.
 */
export function withUnsubscribe(
  ctx: Pick<ServiceContext, 'secrets' | 'config'>,
  mail: MailMessage,
  userId: string,
  kind: NotificationKind,
): MailMessage {
  const site = ctx.config.PUBLIC_URL;
  if (!site) return mail;
  const token = unsubscribeToken(ctx, userId, kind);
  const oneClick = `${site}/api/notifications/unsubscribe?token=${token}`;
  const page = `${site}${UNSUBSCRIBE_PAGE}?token=${token}`;
  const link = `<p style="color:#64748b;font-size:13px"><a href="${escapeHtml(page)}">Stop these e-mails</a></p>`;
  return {
    ...mail,
    text: `${mail.text}\nStop these e-mails: ${page}`,
    html: withHtmlAtEnd(mail.html, link),
    headers: {
      ...mail.headers,
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
