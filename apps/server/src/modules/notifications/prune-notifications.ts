import { inArray, lt } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';

/**
 * How long the bell keeps a notification. Every event notifies (requests, alerts, reminders), so
 * without an end a rider's rows, and the unread count read over all of them, only grow; a notice
 * three months old is of no use. A chat's one notification is renewed by each message.
 */
export const NOTIFICATION_KEEP_DAYS = 90;

/** Rows one statement deletes: a large backlog goes in short statements, not one long one. */
const PRUNE_BATCH = 5000;

/** Deletes notifications older than NOTIFICATION_KEEP_DAYS; returns how many went. */
export async function pruneNotifications(ctx: Pick<ServiceContext, 'db' | 'now'>) {
  const before = new Date(ctx.now().getTime() - NOTIFICATION_KEEP_DAYS * 86_400_000);
  let pruned = 0;
  for (;;) {
    const batch = ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(lt(notifications.createdAt, before))
      .limit(PRUNE_BATCH);
    const gone = await ctx.db
      .delete(notifications)
      .where(inArray(notifications.id, batch))
      .returning({ id: notifications.id });
    pruned += gone.length;
    if (gone.length < PRUNE_BATCH) return pruned;
  }
}
