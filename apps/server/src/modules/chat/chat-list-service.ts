import { and, desc, eq, gt, inArray, isNull, max, ne, or, sql } from 'drizzle-orm';
import type { ChatSummary } from '@aeropool/contract/chat';
import { chatMessages, matches, matchMembers, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';
import { shortName } from '../accounts/user-view';
import { loadRideRequestViews } from '../rides/ride-request-view';
import { markNotificationsRead } from '../notifications/notification-service';
import { readStoredMessage } from './message-crypto';
import { sinceMemberJoined } from './chat-service';

/**
 * The Chats tab: every Active match of the rider with its co-riders, latest message and how many
 * messages of others came after the rider last had the chat open. Newest activity first.
 */
export async function listChats(ctx: ServiceContext, userId: string): Promise<ChatSummary[]> {
  const mine = await ctx.db
    .select({
      matchId: matchMembers.matchId,
      rideRequestId: matchMembers.rideRequestId,
      lastReadAt: matchMembers.lastReadAt,
      matchedAt: matches.createdAt,
      joinedAt: matchMembers.joinedAt,
    })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .where(and(eq(matchMembers.userId, userId), eq(matches.status, 'Active')));
  if (mine.length === 0) return [];
  const matchIds = mine.map((m) => m.matchId);

  const [views, coRiders, latest, unread] = await Promise.all([
    loadRideRequestViews(
      ctx.db,
      mine.map((m) => m.rideRequestId),
      ctx.now(),
    ),
    ctx.db
      .select({
        matchId: matchMembers.matchId,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(matchMembers)
      .innerJoin(users, eq(users.id, matchMembers.userId))
      .where(and(inArray(matchMembers.matchId, matchIds), ne(matchMembers.userId, userId))),
    ctx.db
      .selectDistinctOn([chatMessages.matchId], {
        message: chatMessages,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.userId))
      .innerJoin(
        matchMembers,
        and(eq(matchMembers.matchId, chatMessages.matchId), eq(matchMembers.userId, userId)),
      )
      .where(and(inArray(chatMessages.matchId, matchIds), sinceMemberJoined))
      .orderBy(chatMessages.matchId, desc(chatMessages.createdAt), desc(chatMessages.id)),
    ctx.db
      .select({ matchId: chatMessages.matchId, count: sql<number>`count(*)::int` })
      .from(chatMessages)
      .innerJoin(
        matchMembers,
        and(eq(matchMembers.matchId, chatMessages.matchId), eq(matchMembers.userId, userId)),
      )
      .where(
        and(
          inArray(chatMessages.matchId, matchIds),
          ne(chatMessages.userId, userId),
          sinceMemberJoined,
          or(isNull(matchMembers.lastReadAt), gt(chatMessages.createdAt, matchMembers.lastReadAt)),
        ),
      )
      .groupBy(chatMessages.matchId),
  ]);

  const summaries = mine.flatMap((member): Array<ChatSummary & { activity: number }> => {
    const trip = views.get(member.rideRequestId);
    if (!trip) return [];
    const last = latest.find((l) => l.message.matchId === member.matchId);
    return [
      {
        matchId: member.matchId,
        trip,
        coRiders: coRiders.filter((c) => c.matchId === member.matchId).map(shortName),
        lastMessage: last
          ? {
              text: readStoredMessage(ctx, member.matchId, last.message.body),
              authorName: shortName(last),
              fromMe: last.message.userId === userId,
              timestamp: last.message.createdAt.toISOString(),
            }
          : null,
        unreadCount: unread.find((u) => u.matchId === member.matchId)?.count ?? 0,
        // A chat without messages yet counts from when the riders matched.
        activity: (last ? last.message.createdAt : (member.joinedAt ?? member.matchedAt)).getTime(),
      },
    ];
  });
  return summaries
    .sort((a, b) => b.activity - a.activity)
    .map(({ activity: _activity, ...summary }) => summary);
}

/**
 * The rider has read the chat up to its last stored message: its unread count and chat
 * notification clear. Not up to now: a message's time is when it was received, and one still in
 * the writer's queue, stored after this, would count as read though nobody had seen it.
 */
export async function markChatRead(ctx: ServiceContext, userId: string, matchId: string) {
  const lastStored = ctx.db
    .select({ at: max(chatMessages.createdAt) })
    .from(chatMessages)
    .where(eq(chatMessages.matchId, matchId));
  await ctx.db
    .update(matchMembers)
    .set({ lastReadAt: sql`greatest(${matchMembers.lastReadAt}, (${lastStored}))` })
    .where(and(eq(matchMembers.matchId, matchId), eq(matchMembers.userId, userId)));
  await markNotificationsRead(ctx, userId, { link: `/chat/${matchId}` });
}
