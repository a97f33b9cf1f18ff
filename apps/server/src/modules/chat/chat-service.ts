import { and, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { CHAT_CLOSED_TEXTS, type ChatMessage } from '@aeropool/contract/chat';
import { chatMessages, matches, matchMembers, users } from '../../db/schema';
import { executeNamed } from '../../db/named-statement';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { requireMembership } from '../matches/match-service';
import { isBlockedPair } from '../safety/block-rule';
import { shortLastName } from '../accounts/user-view';
import { readStoredMessage, encryptMessage } from './message-crypto';

type MessageRow = typeof chatMessages.$inferSelect;
export type Author = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName'>;

const authorColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName };

function toChatMessage(row: MessageRow, text: string, author: Author): ChatMessage {
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
    messageText: text,
    timestamp: row.createdAt.toISOString(),
    clientId: row.clientId,
  };
}

const readMessage = (
  ctx: Pick<ServiceContext, 'secrets' | 'log'>,
  row: MessageRow,
  author: Author,
) => toChatMessage(row, readStoredMessage(ctx, row.matchId, row.body), author);

/**
 * True when the author and another rider of the match are a blocked pair: a block closes every
 * chat between them (a completed ride's too), without saying who blocked whom.
 */
const withBlockedCoRider = sql<boolean>`exists (select 1 from match_members co
  where co.match_id = ${matchMembers.matchId} and co.user_id <> ${matchMembers.userId}
  and ${isBlockedPair(sql`co.user_id`, matchMembers.userId)})`;

/**
 * Members may read a match's chat whatever its status; posting needs a match that was not
 * cancelled and no block between its riders. Says why a member may not post, or nothing.
 */
export async function whyPostingClosed(
  ctx: Pick<ServiceContext, 'db'>,
  matchId: string,
  userId: string,
): Promise<string | undefined> {
  const [row] = await ctx.db
    .select({ status: matches.status, blocked: withBlockedCoRider })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .where(and(eq(matchMembers.matchId, matchId), eq(matchMembers.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('FORBIDDEN', 'Only riders of this match can do that.');
  if (row.status === 'Cancelled') return CHAT_CLOSED_TEXTS.cancelled;
  if (row.blocked) return CHAT_CLOSED_TEXTS.blocked;
  return undefined;
}

async function assertCanPost(ctx: Pick<ServiceContext, 'db'>, matchId: string, userId: string) {
  const closed = await whyPostingClosed(ctx, matchId, userId);
  if (closed) throw new AppError('CONFLICT', closed);
}

/** A message ready to store: its body encrypted, its time from the server's clock. */
export type MessageDraft = Omit<MessageRow, 'id'>;
/**
 * A stored draft's id, its author as named now, and the other riders of its match (whom the
 * message may need to reach).
 */
export type StoredDraft = {
  id: string;
  author: Author;
  coRiderIds: string[];
  /** Riders who joined the cab after the message was written: it is not theirs (decision 011). */
  laterJoinerIds: string[];
};
export type WriteDraft = (draft: MessageDraft) => Promise<StoredDraft | undefined>;

/** A draft's identity: one message per rider and clientId in a match. */
export const draftKey = (draft: Pick<MessageDraft, 'matchId' | 'userId' | 'clientId'>) =>
  `${draft.matchId}|${draft.userId}|${draft.clientId}`;

type StoredRow = {
  id: string;
  match_id: string;
  user_id: string;
  client_id: string;
  co_riders: string | null;
  later_joiners: string | null;
  first_name: string;
  last_name: string;
};

/**
 * Stores drafts (distinct keys) in one statement and returns the stored ones by draftKey. A draft
 * is stored only if its rider is one of the match's riders, the match is not cancelled and no
 * block stands between its rider and another: the right to post is checked by the statement that
 * stores the message, exact on every process the moment a cancellation or block commits, with no
 * query (and no cache) of its own. A draft missing from the answer was not stored: its rider may
 * not post there, or its clientId was stored before.
 */
export async function insertMessages(
  ctx: Pick<ServiceContext, 'db'>,
  drafts: MessageDraft[],
): Promise<Map<string, StoredDraft>> {
  const rows = drafts.map((draft) => ({
    match_id: draft.matchId,
    user_id: draft.userId,
    client_id: draft.clientId,
    body: draft.body,
    created_at: draft.createdAt.toISOString(),
  }));
  // One look at each draft's match: its riders (one index scan, in a lateral aggregate planned
  // per draft with the draft's ids known) say whether the author is one of them, whether a block
  // stands between the author and another, and whom to tell. The limit tells the planner how many
  // drafts there are (it would guess a hundred, and scan whole tables to join them).
  const stored = await executeNamed<StoredRow>(
    ctx.db,
    'chat_store_messages',
    sql`
    with draft as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as d(match_id uuid, user_id uuid, client_id text, body text, created_at timestamptz)
      limit ${drafts.length}
    ), allowed as materialized (
      select draft.*, riders.co_riders, riders.later_joiners, users.first_name, users.last_name
      from draft
      cross join lateral (
        select string_agg(co.user_id::text, ',') filter (where co.user_id <> draft.user_id
            and (co.joined_at is null or co.joined_at <= draft.created_at)) as co_riders,
          string_agg(co.user_id::text, ',') filter (where co.joined_at > draft.created_at)
            as later_joiners,
          bool_or(co.user_id = draft.user_id) as is_member,
          bool_or(co.user_id <> draft.user_id
            and ${isBlockedPair(sql`co.user_id`, sql`draft.user_id`)}) as blocked
        from match_members co where co.match_id = draft.match_id
      ) as riders
      join matches on matches.id = draft.match_id
      join users on users.id = draft.user_id
      where riders.is_member and not riders.blocked and matches.status <> 'Cancelled'
    ), stored as (
      insert into chat_messages (match_id, user_id, client_id, body, created_at)
      select match_id, user_id, client_id, body, created_at from allowed
      on conflict (match_id, user_id, client_id) do nothing
      returning id, match_id, user_id, client_id
    )
    select stored.id, stored.match_id, stored.user_id, stored.client_id, allowed.co_riders,
      allowed.later_joiners, allowed.first_name, allowed.last_name
    from stored join allowed using (match_id, user_id, client_id)`,
  );
  return new Map(
    stored.map((row) => [
      draftKey({ matchId: row.match_id, userId: row.user_id, clientId: row.client_id }),
      {
        id: row.id,
        author: { id: row.user_id, firstName: row.first_name, lastName: row.last_name },
        coRiderIds: row.co_riders ? row.co_riders.split(',') : [],
        laterJoinerIds: row.later_joiners ? row.later_joiners.split(',') : [],
      },
    ]),
  );
}

const writeAlone =
  (ctx: Pick<ServiceContext, 'db'>): WriteDraft =>
  async (draft) =>
    (await insertMessages(ctx, [draft])).get(draftKey(draft));

/**
 * Stores a message (author from the token, time from the server) once per clientId: a resend after
 * a reconnect returns the stored one. `isNew` tells whether to broadcast it; `coRiderIds` are the
 * match's other riders when it is new, and `laterJoinerIds` those who joined the cab after it was
 * written (a message waits in the writer's queue), to whom it is neither sent nor announced. `write` stores the draft (the chat socket batches them).
 */
export async function storeMessage(
  ctx: Pick<ServiceContext, 'db' | 'secrets' | 'now' | 'log'>,
  input: { matchId: string; userId: string; clientId: string; text: string },
  write: WriteDraft = writeAlone(ctx),
): Promise<{
  message: ChatMessage;
  isNew: boolean;
  coRiderIds: string[];
  laterJoinerIds: string[];
}> {
  const draft: MessageDraft = {
    matchId: input.matchId,
    userId: input.userId,
    clientId: input.clientId,
    body: encryptMessage(ctx.secrets.chatKey, input.matchId, input.text),
    createdAt: ctx.now(),
  };
  const stored = await write(draft);
  if (stored) {
    const message = toChatMessage({ id: stored.id, ...draft }, input.text, stored.author);
    return {
      message,
      isNew: true,
      coRiderIds: stored.coRiderIds,
      laterJoinerIds: stored.laterJoinerIds,
    };
  }
  // Not stored: the rider may not post here (say why), or this clientId was stored before.
  await assertCanPost(ctx, input.matchId, input.userId);
  const [earlier] = await ctx.db
    .select({ message: chatMessages, author: authorColumns })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(
      and(
        eq(chatMessages.matchId, input.matchId),
        eq(chatMessages.userId, input.userId),
        eq(chatMessages.clientId, input.clientId),
      ),
    );
  if (!earlier) throw new AppError('CONFLICT', CHAT_CLOSED_TEXTS.cancelled);
  return {
    message: readMessage(ctx, earlier.message, earlier.author),
    isNew: false,
    coRiderIds: [],
    laterJoinerIds: [],
  };
}

/**
 * The messages a member may read, with `matchMembers` joined for them: all of them, or for a
 * rider who joined a formed cab those from their joining on (what the others said before is
 * theirs).
 */
export const sinceMemberJoined = or(
  isNull(matchMembers.joinedAt),
  gte(chatMessages.createdAt, matchMembers.joinedAt),
);

/** A page of history, oldest first, ending just before `before` (a message id) when given. */
export async function listMessages(
  ctx: Pick<ServiceContext, 'db' | 'secrets' | 'log'>,
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
    .innerJoin(
      matchMembers,
      and(eq(matchMembers.matchId, chatMessages.matchId), eq(matchMembers.userId, userId)),
    )
    .where(
      and(
        eq(chatMessages.matchId, matchId),
        sinceMemberJoined,
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
  return rows.reverse().map((r) => readMessage(ctx, r.message, r.author));
}
