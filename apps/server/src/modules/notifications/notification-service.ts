import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  NOTIFICATION_PAGE_SIZE,
  type AppNotification,
  type EmailPreferences,
  type NotificationKind,
  type NotificationList,
} from '@aeropool/contract/notifications';
import { notifications, users } from '../../db/schema';
import type { MailMessage } from '../../lib/mailer';
import { withUnsubscribe } from './unsubscribe';
import type { ServiceContext } from '../../lib/service-context';
import { pushToUser, type PushDelivery } from '../push/push-service';
import { hasBlocked } from '../safety/block-rule';

export type RiderNotice = {
  userId: string;
  /**
   * The rider whose act this tells of: nothing is stored, shown, pushed or mailed once the rider
   * told has blocked them (decision 009: they do not see each other again), a block that came
   * after the act included. (The blocked rider still hears of the blocker's acts, as of anyone's:
   * they are not told of the block.)
   */
  from?: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  /** One notification per key and rider: the same event never notifies twice (issue 9). */
  dedupeKey: string;
  /** Sent only when the rider has not switched this kind's e-mails off. */
  mail?: MailMessage;
  /**
   * Asked last, only when the mail would go (a new notification, mails of this kind wanted): a
   * mail limit counts the mails sent, not the events that notified nobody.
   */
  mailIf?: () => Promise<boolean>;
  /**
   * Shown live and pushed in place of `body`, never stored: a chat message's words stay only in
   * the encrypted chat, not in the notifications table.
   */
  preview?: string;
  /** For the push: when it is stale, and whether it is time-critical (see PushDelivery). */
  push?: PushDelivery;
  /**
   * Asked before the push, only for a new notification: a push limit counts the pushes sent. The
   * bell item is kept either way.
   */
  pushIf?: () => Promise<boolean>;
};

/**
 * A notice about a trip is of no use once the trip's time has passed: a device reached later (out
 * of coverage, switched off) gets nothing rather than "New match request" for a cab long gone.
 */
export const staleAtTrip = (trip: { timeOfTravel: number }): PushDelivery => ({
  staleAt: new Date(trip.timeOfTravel),
});

type Row = typeof notifications.$inferSelect;

const toView = (row: Row): AppNotification => ({
  _id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt ? row.readAt.toISOString() : null,
});

/**
 * Stores the notification, shows it live on the rider's open tabs, pushes it to their devices and
 * mails it if they want mail of this kind. A chat keeps one item that each new message brings back
 * to unread; every other key notifies once. Never throws: telling a rider must not undo the action.
 */
export async function notifyRider(ctx: ServiceContext, notice: RiderNotice): Promise<void> {
  try {
    if (notice.from && (await hasBlocked(ctx.db, notice.userId, notice.from))) return;
    const now = ctx.now();
    const values = {
      userId: notice.userId,
      kind: notice.kind,
      title: notice.title,
      body: notice.body,
      link: notice.link,
      dedupeKey: notice.dedupeKey,
      createdAt: now,
    };
    const insert = ctx.db.insert(notifications).values(values);
    const [row] = await (
      notice.kind === 'chat-message'
        ? insert.onConflictDoUpdate({
            target: [notifications.userId, notifications.dedupeKey],
            // The link too: one retired when its rider left the cab points at the chat again
            // if they ride in it once more.
            set: {
              title: values.title,
              body: values.body,
              link: values.link,
              createdAt: now,
              readAt: null,
            },
          })
        : insert.onConflictDoNothing()
    ).returning();
    if (!row) return;
    const body = notice.preview ?? notice.body;
    ctx.notifyUser(notice.userId, 'notification', { ...toView(row), body });
    // Not awaited: a slow push service must not hold up the action (pushToUser never throws).
    void (async () => {
      if (notice.pushIf && !(await notice.pushIf().catch(() => false))) return;
      await pushToUser(
        ctx,
        notice.userId,
        { title: notice.title, body, url: notice.link, tag: notice.dedupeKey },
        notice.push,
      );
    })();
    if (
      notice.mail &&
      (await wantsMail(ctx, notice.userId, notice.kind)) &&
      (await (notice.mailIf?.() ?? true))
    ) {
      // Not awaited either: a slow mail server must not hold up the action.
      ctx.mailer.sendLater(
        withUnsubscribe(ctx, notice.mail, notice.userId, notice.kind),
        'notification mail not sent',
        { kind: notice.kind },
      );
    }
  } catch (error) {
    ctx.log.error({ err: error, kind: notice.kind }, 'notification not delivered');
  }
}

async function wantsMail(ctx: ServiceContext, userId: string, kind: NotificationKind) {
  const preferences = await getEmailPreferences(ctx, userId);
  return preferences[kind] !== false;
}

export async function listNotifications(
  ctx: ServiceContext,
  userId: string,
): Promise<NotificationList> {
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATION_PAGE_SIZE),
    ctx.db
      .select({ unread: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return { notifications: rows.map(toView), unreadCount: counted?.unread ?? 0 };
}

/**
 * Marks the rider's own notifications read: the ids given, all of them, or those pointing at a
 * link (a chat the rider has opened needs no bell).
 */
export async function markNotificationsRead(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'notifyUser'>,
  userId: string,
  which: { all: true } | { ids: string[] } | { link: string },
): Promise<void> {
  const read = await ctx.db
    .update(notifications)
    .set({ readAt: ctx.now() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        'ids' in which ? inArray(notifications.id, which.ids) : undefined,
        'link' in which ? eq(notifications.link, which.link) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  // The rider's other tabs and devices show the same bell.
  if (read.length > 0) ctx.notifyUser(userId, 'notifications:read');
}

/**
 * A rider who left a cab can no longer open its chat: their notices pointing there (an accept, a
 * reminder, messages) point at My Trips instead and are read, so the bell neither counts them nor
 * leads to a chat that refuses them.
 */
export async function retireChatNotices(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'notifyUser'>,
  userId: string,
  matchId: string,
): Promise<void> {
  const moved = await ctx.db
    .update(notifications)
    .set({ link: '/dashboard', readAt: sql`coalesce(${notifications.readAt}, ${ctx.now()})` })
    .where(and(eq(notifications.userId, userId), eq(notifications.link, `/chat/${matchId}`)))
    .returning({ id: notifications.id });
  if (moved.length > 0) ctx.notifyUser(userId, 'notifications:read');
}

/** retireChatNotices after a leave has committed: a failure is logged, never the leave's answer. */
export const retireChatNoticesQuietly = (
  ctx: ServiceContext,
  userId: string,
  matchId: string,
): Promise<void> =>
  retireChatNotices(ctx, userId, matchId).catch((error: unknown) =>
    ctx.log.error({ err: error, matchId }, 'chat notices of a leaver not retired'),
  );

export async function getEmailPreferences(
  ctx: Pick<ServiceContext, 'db'>,
  userId: string,
): Promise<EmailPreferences> {
  const [row] = await ctx.db
    .select({ preferences: users.emailPreferences })
    .from(users)
    .where(eq(users.id, userId));
  return row?.preferences ?? {};
}

export async function setEmailPreferences(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  userId: string,
  changes: EmailPreferences,
): Promise<EmailPreferences> {
  const [row] = await ctx.db
    .update(users)
    .set({
      emailPreferences: sql`${users.emailPreferences} || ${JSON.stringify(changes)}::jsonb`,
      updatedAt: ctx.now(),
    })
    .where(eq(users.id, userId))
    .returning({ preferences: users.emailPreferences });
  return row?.preferences ?? {};
}
