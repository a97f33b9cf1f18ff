import type { ChatAck } from '@aeropool/contract/chat';
import type { AppSocket } from '../../../lib/socket';
import { ACK_TIMEOUT_MS } from './outbox';
import { outboxKey, outboxMatchIdsOf, readOutbox, saveOutbox } from './outbox-store';

/** The chats open in this tab now: their room sends their outbox (useChatRoom). */
const openRooms = new Set<string>();

/** Marks a chat open for as long as its room is mounted; returns the release. */
export function holdRoom(key: string): () => void {
  openRooms.add(key);
  return () => openRooms.delete(key);
}

/** Whether `userId` has messages in this tab that the server has not taken yet. */
export function hasUnsent(userId: string): boolean {
  return outboxMatchIdsOf(userId).some((matchId) =>
    readOutbox(outboxKey(userId, matchId)).some((item) => item.status !== 'rejected'),
  );
}

/**
 * How a run ended: everything it could send went (or the connection dropped, whose return runs
 * it again), or a failure that passes stopped it: the server busy or silent ('retry'), or asking
 * to slow down ('slow-down').
 */
export type LeftBehindOutcome = 'done' | 'retry' | 'slow-down';

const sendingFor = new WeakMap<AppSocket, Promise<LeftBehindOutcome>>();

/**
 * Sends what the rider queued in a chat they have since left (typed offline, then back to My
 * Trips): without this it waited until they opened that chat again, and was lost with the tab.
 * Oldest first per chat, with the clientIds the room gave them, so the server still stores each
 * once if the room sends it too. A message the server refuses for good is kept, marked, for the
 * chat to show; any other failure leaves the rest for a later run (see the outcome).
 */
export function sendLeftBehind(socket: AppSocket, userId: string): Promise<LeftBehindOutcome> {
  const running = sendingFor.get(socket);
  if (running) return running;
  const run = (async (): Promise<LeftBehindOutcome> => {
    for (const matchId of outboxMatchIdsOf(userId)) {
      const key = outboxKey(userId, matchId);
      for (const item of readOutbox(key)) {
        if (openRooms.has(key) || !socket.connected) break;
        if (item.status === 'rejected') continue;
        let ack: ChatAck;
        try {
          ack = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('message', {
            matchId,
            messageText: item.messageText,
            clientId: item.clientId,
          });
        } catch {
          return socket.connected ? 'retry' : 'done';
        }
        if (openRooms.has(key)) break;
        // Read again: the rider may have queued more meanwhile in another way.
        const now = readOutbox(key);
        if (ack.ok)
          saveOutbox(
            key,
            now.filter((other) => other.clientId !== item.clientId),
          );
        else if (ack.error.code === 'RATE_LIMITED') return 'slow-down';
        else if (ack.error.code === 'SERVER') return 'retry';
        else
          saveOutbox(
            key,
            now.map((other) =>
              other.clientId === item.clientId
                ? { ...other, status: 'rejected' as const, error: ack.error.message }
                : other,
            ),
          );
      }
    }
    return 'done';
  })().finally(() => sendingFor.delete(socket));
  sendingFor.set(socket, run);
  return run;
}
