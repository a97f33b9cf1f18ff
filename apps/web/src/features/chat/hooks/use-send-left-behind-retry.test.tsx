import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ChatAck, SendChatMessage } from '@aeropool/contract/chat';
import { clearSession, saveSession } from '../../../lib/session';
import { disconnectSocket } from '../../../lib/socket';
import { enqueue } from '../utils/outbox';
import { outboxKey, readOutbox, saveOutbox } from '../utils/outbox-store';
import { ChatLeftBehindSender } from './use-send-left-behind';

declare const jsdom: { reconfigure(options: { url: string }): void };
let io: Server;

beforeEach(async () => {
  sessionStorage.clear();
  const http = createServer();
  io = new Server(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  jsdom.reconfigure({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/` });
  saveSession({ userId: 'rider-1', userEmail: 'a@example.com', token: 'token-1' });
});

afterEach(async () => {
  cleanup();
  disconnectSocket();
  clearSession();
  await io.close();
});

it('sends a message left in a chat again after the server was busy, while the rider stays on the page', async () => {
  const key = outboxKey('rider-1', 'match-1');
  saveOutbox(key, enqueue([], { clientId: 'client-1', messageText: 'At pillar 8', now: 0 }));
  const received: string[] = [];
  io.on('connection', (socket) =>
    socket.on('message', (message: SendChatMessage, ack: (answer: ChatAck) => void) => {
      received.push(message.messageText);
      // Busy the first time (decision 015), as a deploy's or a busy database's moment is.
      if (received.length === 1)
        return ack({ ok: false, error: { code: 'SERVER', message: 'Busy.' } });
      ack({
        ok: true,
        message: {
          _id: 'stored-1',
          matchId: message.matchId,
          userId: { _id: 'rider-1', firstName: 'Asha', lastName: 'R.', email: '' },
          messageText: message.messageText,
          timestamp: new Date().toISOString(),
          clientId: message.clientId ?? '',
        },
      });
    }),
  );
  render(<ChatLeftBehindSender />);
  await waitFor(() => expect(received).toEqual(['At pillar 8', 'At pillar 8']), {
    timeout: 5000,
  });
  await waitFor(() => expect(readOutbox(key)).toEqual([]));
}, 10_000);
