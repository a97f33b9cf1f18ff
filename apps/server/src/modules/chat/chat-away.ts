import type { FastifyInstance } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import { matchRoom, type ChatMessage } from '@aeropool/contract/chat';
import { matchMembers } from '../../db/schema';
import { notifyRider } from '../notifications/notification-service';

const PREVIEW_LENGTH = 80;

const preview = (text: string) =>
  text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;

/**
 * A co-rider who does not have the chat open (on any instance) gets one notification per chat,
 * brought back to unread and updated by each new message, instead of one per message. The words
 * are shown live and pushed, but only the encrypted chat stores them.
 */
export async function tellRidersAway(app: FastifyInstance, message: ChatMessage): Promise<void> {
  try {
    const [present, members] = await Promise.all([
      app.io.in(matchRoom(message.matchId)).fetchSockets(),
      app.db
        .select({ userId: matchMembers.userId })
        .from(matchMembers)
        .where(
          and(
            eq(matchMembers.matchId, message.matchId),
            ne(matchMembers.userId, message.userId._id),
          ),
        ),
    ]);
    const reading = new Set(present.map((socket) => socket.data.userId));
    const author = `${message.userId.firstName} ${message.userId.lastName}`;
    for (const { userId } of members) {
      if (reading.has(userId)) continue;
      await notifyRider(app, {
        userId,
        kind: 'chat-message',
        title: `New message from ${author}`,
        body: 'Open the chat to read it.',
        preview: preview(message.messageText),
        link: `/chat/${message.matchId}`,
        dedupeKey: `chat:${message.matchId}`,
      });
    }
  } catch (error) {
    app.log.warn({ err: error }, 'chat notification not sent');
  }
}
