import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  CHAT_LIMITS,
  matchIdSchema,
  matchRoom,
  sendChatMessageSchema,
  type ChatError,
} from '@aeropool/contract/chat';
import { userRoom } from '@aeropool/contract/socket-events';
import { failureMessage, logFailure } from '../../db/database-unavailable';
import { AppError } from '../../lib/app-error';
import type { LimitRule } from '../../plugins/limits';
import type { RealtimeSocket } from '../../plugins/realtime';
import { requireMembership } from '../matches/match-service';
import { storeMessage, whyPostingClosed } from './chat-service';
import { markChatRead } from './chat-list-service';
import { createAwayNotifier } from './chat-away';
import { createMessageWriter } from './message-writer';

const MATCH_ROOM_PREFIX = matchRoom('');

const toChatError = (error: unknown, matchId?: string): ChatError => {
  if (error instanceof AppError) {
    const code =
      error.code === 'CONFLICT'
        ? 'MATCH_CLOSED'
        : error.code === 'BAD_REQUEST'
          ? 'INVALID'
          : error.code === 'TOO_MANY_REQUESTS'
            ? 'RATE_LIMITED'
            : error.code === 'SERVICE_UNAVAILABLE'
              ? 'SERVER'
              : 'NOT_MEMBER';
    return { code, message: error.message, matchId };
  }
  // The app tries again by itself after a SERVER error (a join, or the message's same clientId).
  return { code: 'SERVER', message: failureMessage(error), matchId };
};

const rateLimited = (message: string): ChatError => ({ code: 'RATE_LIMITED', message });

/**
 * Counted per rider in the shared limit store, so twenty sockets (or two instances) of one
 * rider get the same 10 messages per 5 seconds as one.
 */
const messageRule: LimitRule = {
  name: 'chat-messages',
  max: CHAT_LIMITS.rateLimitMessages,
  windowMs: CHAT_LIMITS.rateLimitWindowMs,
};
const joinRule: LimitRule = {
  name: 'chat-joins',
  max: CHAT_LIMITS.joinLimit,
  windowMs: CHAT_LIMITS.joinWindowMs,
};

/**
 * Chat over socket.io (spec §7): joinRoom / leaveRoom / message. The author comes from the
 * handshake token and the time from the server; payloads are parsed with the contract's schemas.
 */
export function registerChatSocket(app: FastifyInstance): void {
  const write = createMessageWriter(app);
  const tellRidersAway = createAwayNotifier(app);
  app.io.on('connection', (socket: RealtimeSocket) => {
    const userId = socket.data.userId;
    const logUnexpected = (error: unknown, what: string) => {
      if (!(error instanceof AppError)) logFailure(app.log, error, what);
    };
    const fail = (error: ChatError, ack?: (result: { ok: false; error: ChatError }) => void) => {
      socket.emit('chat:error', error);
      if (typeof ack === 'function') ack({ ok: false, error });
    };

    // Joining or leaving a chat (or closing the tab) reads it up to now: the Chats tab counts
    // what came after.
    const markReadQuietly = (matchId: string) =>
      void markChatRead(app, userId, matchId).catch((error: unknown) =>
        app.log.warn({ err: error }, 'chat read marker not saved'),
      );

    // Joins still being checked, per chat, and whether a leave came after the last of them. A
    // join answers after its checks, so a rider who opens a chat and goes back at once sends the
    // leave before the join is in the room; that join must not then keep them in it, counted as
    // reading (chat-away) and told of nothing. Only joins under way are kept (a leave of a chat
    // not being joined adds nothing), so a client cannot grow it.
    const joining = new Map<string, { count: number; left: boolean }>();

    // Every handler answers, whatever fails: a rejected handler is an unhandled rejection, which
    // ends the process (a limit store or the database out of reach for a moment must not).
    socket.on('joinRoom', async (rawMatchId, ack) => {
      const parsed = matchIdSchema.safeParse(rawMatchId);
      if (!parsed.success) return fail({ code: 'INVALID', message: 'Invalid match.' }, ack);
      const pending = joining.get(parsed.data) ?? { count: 0, left: false };
      joining.set(parsed.data, { count: pending.count + 1, left: false });
      let status;
      let closed: string | undefined;
      let left: boolean;
      try {
        if (!(await app.limits.check(joinRule, userId)).allowed) {
          return fail(rateLimited('You are opening chats too fast. Please wait a moment.'), ack);
        }
        status = (await requireMembership(app, parsed.data, userId)).match.status;
        // A block after the trip leaves the match as it was, and closes its chat all the same.
        closed = await whyPostingClosed(app, parsed.data, userId);
        // Gone while the checks ran: socket.io would still put the dead socket in the room, for
        // good (its clean-up has run), so joins and disconnects in a loop would grow memory.
        if (socket.disconnected) return;
        await socket.join(matchRoom(parsed.data));
        // Checked again once in the room: a rider who left the cab between the check and the
        // join was taken out of a room this socket was not yet in (removeFromChat).
        await requireMembership(app, parsed.data, userId).catch(async (error: unknown) => {
          await socket.leave(matchRoom(parsed.data));
          throw error;
        });
      } catch (error) {
        logUnexpected(error, 'chat join failed');
        return fail(toChatError(error, parsed.data), ack);
      } finally {
        const now = joining.get(parsed.data)!;
        left = now.left;
        if (now.count === 1) joining.delete(parsed.data);
        else joining.set(parsed.data, { ...now, count: now.count - 1 });
      }
      if (left) await socket.leave(matchRoom(parsed.data));
      if (typeof ack === 'function') ack({ ok: true, status, ...(closed ? { closed } : {}) });
      markReadQuietly(parsed.data);
    });

    socket.on('leaveRoom', (rawMatchId) => {
      const parsed = matchIdSchema.safeParse(rawMatchId);
      if (!parsed.success) return;
      const pending = joining.get(parsed.data);
      if (pending) joining.set(parsed.data, { ...pending, left: true });
      if (!socket.rooms.has(matchRoom(parsed.data))) return;
      void socket.leave(matchRoom(parsed.data));
      markReadQuietly(parsed.data);
    });
    socket.on('disconnecting', (reason) => {
      // A connection that died without a word (a lift, a tunnel) stopped showing messages when
      // it went quiet, up to the ping timeout before this: what came since was not read.
      if (reason === 'ping timeout') return;
      for (const room of socket.rooms) {
        if (room.startsWith(MATCH_ROOM_PREFIX))
          markReadQuietly(room.slice(MATCH_ROOM_PREFIX.length));
      }
    });

    // A rider's messages are stored and delivered in the order they were sent: each waits for
    // the previous one's limit check (on PostgreSQL or Redis checks may answer out of order) and
    // then queues its write at once, so the writer keeps them in order.
    let previousCheck: Promise<unknown> = Promise.resolve();
    socket.on('message', async (payload, ack) => {
      const check = previousCheck.then(() => app.limits.check(messageRule, userId));
      previousCheck = check.catch(() => undefined);
      let matchId: string | undefined;
      try {
        if (!(await check).allowed) {
          return fail(rateLimited('You are sending messages too fast. Please wait a moment.'), ack);
        }
        const parsed = sendChatMessageSchema.safeParse(payload);
        if (!parsed.success) {
          return fail(
            { code: 'INVALID', message: parsed.error.issues[0]?.message ?? 'Invalid message.' },
            ack,
          );
        }
        const { messageText } = parsed.data;
        const clientId = parsed.data.clientId ?? randomUUID();
        matchId = parsed.data.matchId;
        const { message, isNew, coRiderIds, laterJoinerIds } = await storeMessage(
          app,
          { matchId, userId, clientId, text: messageText },
          write,
        );
        if (isNew)
          app.io
            .to(matchRoom(matchId))
            .except(laterJoinerIds.map(userRoom))
            .emit('message', message);
        if (typeof ack === 'function') ack({ ok: true, message });
        if (isNew) tellRidersAway({ message, coRiderIds });
      } catch (error) {
        logUnexpected(error, 'chat message failed');
        fail(toChatError(error, matchId), ack);
      }
    });
  });
}
