import type { FastifyInstance } from 'fastify';
import { matchRoom, type ChatMessage } from '@aeropool/contract/chat';
import { notifyRider } from '../notifications/notification-service';

const PREVIEW_LENGTH = 80;

const preview = (text: string) =>
  text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;

/**
 * A co-rider who does not have the chat open (on any instance) gets one notification per chat,
 * brought back to unread and updated by each new message, instead of one per message. The words
 * are shown live and pushed, but only the encrypted chat stores them.
 */
export async function tellRidersAway(
  app: FastifyInstance,
  message: ChatMessage,
  coRiderIds: string[],
): Promise<void> {
  if (coRiderIds.length === 0) return;
  try {
    const present = await app.io.in(matchRoom(message.matchId)).fetchSockets();
    const reading = new Set(present.map((socket) => socket.data.userId));
    const author = `${message.userId.firstName} ${message.userId.lastName}`;
    for (const userId of coRiderIds) {
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
