import type { FastifyInstance } from 'fastify';
import { matchRoom, type ChatMessage } from '@aeropool/contract/chat';
import { inArray } from 'drizzle-orm';
import { matchMembers } from '../../db/schema';
import { notifyRider } from '../notifications/notification-service';

const PREVIEW_LENGTH = 80;
/**
 * How long the other instances get to say who reads there. A live one answers in a round trip
 * through the adapter; one that died is still counted until its heartbeat times out (10 s), and
 * every batch waits this long for it meanwhile (the adapter's own default is 5 s).
 */
const CLUSTER_ANSWER_MS = 1500;

/** The message's start for a push; cut between characters, never through an emoji's pair. */
export const preview = (text: string) =>
  text.length > PREVIEW_LENGTH
    ? `${text.slice(0, PREVIEW_LENGTH - 1).replace(/[\uD800-\uDBFF]$/, '')}…`
    : text;

type Stored = { message: ChatMessage; coRiderIds: string[] };
type PresentSocket = { rooms: Set<string>; data: { userId?: string } };

const readerKey = (room: string, userId: string) => `${room}|${userId}`;

/**
 * A co-rider who does not have the chat open (on any instance) gets one notification per chat,
 * brought back to unread and updated by each new message, instead of one per message. The words
 * are shown live and pushed, but only the encrypted chat stores them.
 *
 * Who is reading is asked once for all the messages stored in one turn of the event loop, and
 * of this instance first: only when a co-rider is not reading here are the other instances asked
 * (a round trip through the cluster adapter). A busy evening then pays one question per batch,
 * not one per message (issue 7), and at most one is under way at a time.
 */
export function createAwayNotifier(app: FastifyInstance): (stored: Stored) => void {
  let pending: Stored[] = [];
  let checking = false;

  const drain = async () => {
    checking = true;
    while (pending.length > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      const batch = pending;
      pending = [];
      await tellRidersAway(app, batch);
    }
    checking = false;
  };

  return (stored) => {
    if (stored.coRiderIds.length === 0) return;
    pending.push(stored);
    if (!checking) void drain();
  };
}

/** `readerKey`s of the riders in these matches now (one statement for a batch). */
async function membersNow(app: FastifyInstance, matchIds: string[]): Promise<Set<string>> {
  if (matchIds.length === 0) return new Set();
  const rows = await app.db
    .select({ matchId: matchMembers.matchId, userId: matchMembers.userId })
    .from(matchMembers)
    .where(inArray(matchMembers.matchId, [...new Set(matchIds)]));
  return new Set(rows.map((row) => readerKey(matchRoom(row.matchId), row.userId)));
}

async function tellRidersAway(app: FastifyInstance, batch: Stored[]): Promise<void> {
  try {
    const rooms = [...new Set(batch.map(({ message }) => matchRoom(message.matchId)))];
    const reading = new Set<string>();
    const note = (sockets: PresentSocket[]) => {
      for (const socket of sockets) {
        for (const room of socket.rooms) reading.add(readerKey(room, socket.data.userId ?? ''));
      }
    };
    const anyoneAway = () =>
      batch.some(({ message, coRiderIds }) =>
        coRiderIds.some((id) => !reading.has(readerKey(matchRoom(message.matchId), id))),
      );
    note(await app.io.local.in(rooms).fetchSockets());
    if (anyoneAway()) {
      try {
        note(await app.io.in(rooms).timeout(CLUSTER_ANSWER_MS).fetchSockets());
      } catch (error) {
        // An instance that does not answer (it died, and the cluster has not noticed yet) leaves
        // unknown who reads there: a co-rider who may be away is told rather than missed.
        app.log.warn({ err: error }, 'chat readers on other instances unknown: notifying');
      }
    }

    // One notification per chat and rider: the batch's latest message is the one it shows.
    const latest = new Map<string, { userId: string; message: ChatMessage }>();
    for (const { message, coRiderIds } of batch) {
      const room = matchRoom(message.matchId);
      for (const userId of coRiderIds) {
        if (!reading.has(readerKey(room, userId)))
          latest.set(readerKey(room, userId), { userId, message });
      }
    }
    // Riders as they are now: one who left a cab of three since the message was stored (its
    // co-riders were read then) is not told of it.
    const stillIn = await membersNow(
      app,
      [...latest.values()].map(({ message }) => message.matchId),
    );
    for (const { userId, message } of latest.values()) {
      if (!stillIn.has(readerKey(matchRoom(message.matchId), userId))) continue;
      const author = `${message.userId.firstName} ${message.userId.lastName}`;
      await notifyRider(app, {
        userId,
        from: message.userId._id,
        kind: 'chat-message',
        title: `New message from ${author}`,
        body: 'Open the chat to read it.',
        preview: preview(message.messageText),
        link: `/chat/${message.matchId}`,
        dedupeKey: `chat:${message.matchId}`,
        push: { urgent: true },
      });
    }
  } catch (error) {
    app.log.warn({ err: error }, 'chat notification not sent');
  }
}
