import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ChatAck, SendChatMessage } from '@aeropool/contract/chat';
import { disconnectSocket, getSocket } from '../../../lib/socket';
import { enqueue } from './outbox';
import { hasUnsent, holdRoom, sendLeftBehind } from './left-behind';
import { outboxKey, readOutbox, saveOutbox } from './outbox-store';

declare const jsdom: { reconfigure(options: { url: string }): void };

let io: Server;
let received: SendChatMessage[];
/** What the server answers a message: stored, unless told otherwise. */
let answer: (message: SendChatMessage) => ChatAck;

const stored = (message: SendChatMessage): ChatAck => ({
  ok: true,
  message: {
    _id: `id-${message.clientId}`,
    matchId: message.matchId,
    userId: { _id: 'rider-1', firstName: 'Asha', lastName: 'R.', email: '' },
    messageText: message.messageText,
    timestamp: new Date().toISOString(),
    clientId: message.clientId ?? '',
  },
});

beforeEach(async () => {
  sessionStorage.clear();
  received = [];
  answer = stored;
  const http = createServer();
  io = new Server(http);
  io.on('connection', (socket) => {
    socket.on('message', (message: SendChatMessage, ack: (answer: ChatAck) => void) => {
      received.push(message);
      ack(answer(message));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  jsdom.reconfigure({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/` });
});

afterEach(async () => {
  disconnectSocket();
  await io.close();
});

const queue = (matchId: string, ...texts: string[]) => {
  let outbox = readOutbox(outboxKey('rider-1', matchId));
  texts.forEach((text, i) => {
    outbox = enqueue(outbox, { clientId: `${matchId}-${i}`, messageText: text, now: i });
  });
  saveOutbox(outboxKey('rider-1', matchId), outbox);
};

const connected = async () => {
  const socket = getSocket('token-1');
  if (!socket.connected)
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return socket;
};

it('sends what was queued in chats the rider left, in order, once each', async () => {
  queue('match-1', 'At pillar 5', 'Blue bag');
  queue('match-2', 'Running late');
  await sendLeftBehind(await connected(), 'rider-1');
  expect(received.map((m) => [m.matchId, m.messageText])).toEqual([
    ['match-1', 'At pillar 5'],
    ['match-1', 'Blue bag'],
    ['match-2', 'Running late'],
  ]);
  expect(readOutbox(outboxKey('rider-1', 'match-1'))).toEqual([]);
  expect(readOutbox(outboxKey('rider-1', 'match-2'))).toEqual([]);
});

it('leaves an open chat’s messages to its room, and keeps a refused one to show there', async () => {
  queue('match-1', 'Open chat');
  queue('match-2', 'Closed chat');
  answer = (message) =>
    message.matchId === 'match-2'
      ? { ok: false, error: { code: 'MATCH_CLOSED', message: 'This chat is closed.' } }
      : stored(message);
  const release = holdRoom(outboxKey('rider-1', 'match-1'));
  try {
    await sendLeftBehind(await connected(), 'rider-1');
  } finally {
    release();
  }
  expect(received.map((m) => m.matchId)).toEqual(['match-2']);
  expect(readOutbox(outboxKey('rider-1', 'match-1'))).toHaveLength(1);
  expect(readOutbox(outboxKey('rider-1', 'match-2'))).toMatchObject([
    { status: 'rejected', error: 'This chat is closed.' },
  ]);
  // The open chat's message is still unsent; a refused one is not worth keeping the tab for.
  expect(hasUnsent('rider-1')).toBe(true);
  saveOutbox(outboxKey('rider-1', 'match-1'), []);
  expect(hasUnsent('rider-1')).toBe(false);
  expect(hasUnsent('rider-2')).toBe(false);
});
