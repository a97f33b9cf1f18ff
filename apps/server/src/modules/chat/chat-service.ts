import { and, desc, eq, lt, ne, not, or, sql } from 'drizzle-orm';
import type { ChatMessage } from '@aeropool/contract/chat';
import { chatMessages, matches, matchMembers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { requireMembership } from '../matches/match-service';
import { isBlockedPair } from '../safety/block-rule';
import { shortLastName } from '../accounts/user-view';
import { decryptMessage, encryptMessage } from './message-crypto';

type MessageRow = typeof chatMessages.$inferSelect;
export type Author = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email'>;

const authorColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

export async function findAuthor(ctx: Pick<ServiceContext, 'db'>, userId: string): Promise<Author> {
  const [author] = await ctx.db.select(authorColumns).from(users).where(eq(users.id, userId));
  if (!author) throw new AppError('NOT_FOUND', 'User not found.');
  return author;
}

function toChatMessage(
  ctx: Pick<ServiceContext, 'secrets'>,
  row: MessageRow,
  author: Author,
): ChatMessage {
  return {
    _id: row.id,
    matchId: row.matchId,
    // A message goes to the co-riders: they know its author as "First L." and never see an e-mail.
    userId: {
      _id: author.id,
      firstName: author.firstName,
      lastName: shortLastName(author.lastName),
      email: '',
    },
    messageText: decryptMessage(ctx.secrets.chatKey, row.matchId, row.body),
    timestamp: row.createdAt.toISOString(),
    clientId: row.clientId,
  };
}

const CANCELLED_CLOSED = 'This ride was cancelled, so its chat is closed.';

/**
 * True when the author and another rider of the match are a blocked pair: a block closes every
 * chat between them (a completed ride's too), without saying who blocked whom.
 */
const withBlockedCoRider = sql<boolean>`exists (select 1 from match_members co
  where co.match_id = ${matchMembers.matchId} and co.user_id <> ${matchMembers.userId}
  and ${isBlockedPair(sql`co.user_id`, matchMembers.userId)})`;

/**
 * Members may read a match's chat whatever its status; posting needs a match that was not
 * cancelled and no block between its riders.
 */
async function assertCanPost(ctx: Pick<ServiceContext, 'db'>, matchId: string, userId: string) {
  const [row] = await ctx.db
    .select({ status: matches.status, blocked: withBlockedCoRider })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .where(and(eq(matchMembers.matchId, matchId), eq(matchMembers.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('FORBIDDEN', 'Only riders of this match can do that.');
  if (row.status === 'Cancelled') throw new AppError('CONFLICT', CANCELLED_CLOSED);
  if (row.blocked) throw new AppError('CONFLICT', 'This chat is closed.');
}

/**
 * Stores a message (author from the token, time from the server) once per clientId: a resend after
 * a reconnect returns the stored one. `isNew` tells whether to broadcast it.
 *
 * The insert reads its match and user from the rider's membership row of a match that is not
 * cancelled nor closed by a block, so the right to post is checked by the statement that stores the
 * message: exact on every process the moment a cancellation or block commits, with no query (and
 * no cache) of its own.
 */
export async function storeMessage(
  ctx: Pick<ServiceContext, 'db' | 'secrets' | 'now'>,
  input: { matchId: string; userId: string; clientId: string; text: string },
  knownAuthor?: Author,
): Promise<{ message: ChatMessage; isNew: boolean }> {
  const body = encryptMessage(ctx.secrets.chatKey, input.matchId, input.text);
  const [inserted] = await ctx.db
    .insert(chatMessages)
    .select(
      ctx.db
        .select({
          id: sql<string>`gen_random_uuid()`.as('id'),
          matchId: matchMembers.matchId,
          userId: matchMembers.userId,
          clientId: sql<string>`${input.clientId}::text`.as('client_id'),
          body: sql<string>`${body}::text`.as('body'),
          createdAt: sql<Date>`${ctx.now().toISOString()}::timestamptz`.as('created_at'),
        })
        .from(matchMembers)
        .innerJoin(matches, eq(matches.id, matchMembers.matchId))
        .where(
          and(
            eq(matchMembers.matchId, input.matchId),
            eq(matchMembers.userId, input.userId),
            ne(matches.status, 'Cancelled'),
            not(withBlockedCoRider),
          ),
        )
        .limit(1),
    )
    .onConflictDoNothing({
      target: [chatMessages.matchId, chatMessages.userId, chatMessages.clientId],
    })
    .returning();
  let row = inserted;
  if (!row) {
    // Not stored: the rider may not post here (say why), or this clientId was stored before.
    await assertCanPost(ctx, input.matchId, input.userId);
    [row] = await ctx.db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.matchId, input.matchId),
          eq(chatMessages.userId, input.userId),
          eq(chatMessages.clientId, input.clientId),
        ),
      );
    if (!row) throw new AppError('CONFLICT', CANCELLED_CLOSED);
  }
  const author = knownAuthor ?? (await findAuthor(ctx, input.userId));
  return { message: toChatMessage(ctx, row, author), isNew: !!inserted };
}

/** A page of history, oldest first, ending just before `before` (a message id) when given. */
export async function listMessages(
  ctx: Pick<ServiceContext, 'db' | 'secrets'>,
  userId: string,
  matchId: string,
  page: { before?: string; limit: number },
): Promise<ChatMessage[]> {
  await requireMembership(ctx, matchId, userId);
  let cursor;
  if (page.before) {
    [cursor] = await ctx.db
      .select({ createdAt: chatMessages.createdAt, id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, page.before), eq(chatMessages.matchId, matchId)));
    if (!cursor) throw new AppError('NOT_FOUND', 'Message not found.');
  }
  const rows = await ctx.db
    .select({ message: chatMessages, author: authorColumns })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(
      and(
        eq(chatMessages.matchId, matchId),
        cursor
          ? or(
              lt(chatMessages.createdAt, cursor.createdAt),
              and(eq(chatMessages.createdAt, cursor.createdAt), lt(chatMessages.id, cursor.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(page.limit);
  return rows.reverse().map((r) => toChatMessage(ctx, r.message, r.author));
}
