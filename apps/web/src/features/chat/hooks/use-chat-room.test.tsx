import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { ChatMessage } from '@aeropool/contract/chat';
import { clearSession, saveSession } from '../../../lib/session';
import { disconnectSocket } from '../../../lib/socket';
import { useChatHistory } from '../api/get-messages';
import { flattenHistory, mergeMessages } from '../utils/merge-messages';
import { useChatRoom } from './use-chat-room';

// Each test has its own match, so an outbox kept by one (by rider and match) never meets another.
const matchIds = {
  outbox: '11111111-1111-4111-8111-111111111111',
  joinFirst: '22222222-2222-4222-8222-222222222222',
  gap: '33333333-3333-4333-8333-333333333333',
  hidden: '44444444-4444-4444-8444-444444444444',
  catchUpFails: '55555555-5555-4555-8555-555555555555',
  ownFirst: '66666666-6666-4666-8666-666666666666',
  blocked: '77777777-7777-4777-8777-777777777777',
};
const selfId = 'rider-self';
/** vitest's jsdom environment: moves the page (and so the socket's origin) to the test server. */
declare const jsdom: { reconfigure(options: { url: string }): void };
let io: Server;

const msg = (matchId: string, n: number, label: string, by = 'rider-other'): ChatMessage => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  matchId,
  userId: { _id: by, firstName: 'Asha', lastName: 'R.', email: '' },
  messageText: label,
  timestamp: new Date(Date.UTC(2026, 0, 1, 10, 0, n)).toISOString(),
  clientId: `client-${n}`,
});

const ok = (entities: unknown[]) =>
  new Response(JSON.stringify({ statusCode: 200, message: 'OK', entities }), { status: 200 });

const isHistoryUrl = (url: string) => url.startsWith('/api/match/messages/');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(async () => {
  const http = createServer();
  io = new Server(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  // The client connects to the page's origin.
  jsdom.reconfigure({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/` });
  // Reconnecting after the server dropped the socket takes the shortest delay (1 s).
  vi.spyOn(Math, 'random').mockReturnValue(0);
  saveSession({ userId: selfId, userEmail: 'me@example.com', token: 'token-test' });
});

afterEach(async () => {
  cleanup();
  disconnectSocket();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearSession();
  sessionStorage.clear();
  await io.close();
});

function renderRoom(matchId: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => {
      const history = useChatHistory(matchId);
      const room = useChatRoom(matchId, selfId);
      const texts = mergeMessages(flattenHistory(history.data?.pages ?? []), room.live).map(
        (m) => m.messageText,
      );
      return { history, room, texts };
    },
    { wrapper },
  );
}

describe('useChatRoom', () => {
  it('keeps a message waiting to send when the rider leaves the chat, and sends it once on return', async () => {
    const matchId = matchIds.outbox;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok([])),
    );
    // The server is busy at first: it refuses joins and messages alike.
    let isOpen = false;
    const received: { messageText: string; clientId: string }[] = [];
    io.on('connection', (socket) => {
      socket.on('joinRoom', (_id: string, ack: (answer: unknown) => void) => {
        if (isOpen) ack({ ok: true, status: 'Active' });
        else ack({ ok: false, error: { code: 'SERVER', message: 'busy' } });
      });
      socket.on(
        'message',
        (payload: { messageText: string; clientId: string }, ack: (answer: unknown) => void) => {
          if (!isOpen) return ack({ ok: false, error: { code: 'SERVER', message: 'busy' } });
          received.push({ messageText: payload.messageText, clientId: payload.clientId });
          const stored = msg(matchId, 1, payload.messageText, selfId);
          ack({ ok: true, message: { ...stored, clientId: payload.clientId } });
        },
      );
    });

    const first = renderRoom(matchId);
    await pause(300);
    first.result.current.room.send('I am at pillar 5');
    await waitFor(() =>
      expect(first.result.current.room.outbox).toMatchObject([{ status: 'failed' }]),
    );
    const { clientId } = first.result.current.room.outbox[0]!;
    first.unmount(); // Back to My Trips

    isOpen = true;
    const second = renderRoom(matchId); // and back to the chat
    await waitFor(() => expect(second.result.current.room.outbox).toHaveLength(0), {
      timeout: 5000,
    });
    expect(second.result.current.texts).toEqual(['I am at pillar 5']);
    second.unmount();

    // Sent, so coming back once more sends nothing.
    const third = renderRoom(matchId);
    await waitFor(() => expect(third.result.current.room.canSend).toBe(true), { timeout: 5000 });
    await pause(300);
    expect(third.result.current.room.outbox).toEqual([]);
    expect(received).toEqual([{ messageText: 'I am at pillar 5', clientId }]);
  }, 15_000);

  it('shows a message stored after the first history read when the join is answered first', async () => {
    const matchId = matchIds.joinFirst;
    const stored = msg(matchId, 1, 'I am at gate 4');
    let releaseFirstRead: (() => void) | undefined;
    let historyCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!isHistoryUrl(url)) return ok([]);
        historyCalls += 1;
        // The first read ran on the server before the message was stored; its answer is slow.
        if (historyCalls === 1)
          return new Promise<Response>((resolve) => (releaseFirstRead = () => resolve(ok([]))));
        return ok([stored]);
      }),
    );
    io.on('connection', (socket) =>
      socket.on('joinRoom', (_id: string, ack: (answer: unknown) => void) =>
        ack({ ok: true, status: 'Active' }),
      ),
    );

    const { result } = renderRoom(matchId);
    await waitFor(() => expect(result.current.room.canSend).toBe(true), { timeout: 5000 });
    releaseFirstRead!();
    await waitFor(() => expect(result.current.texts).toEqual(['I am at gate 4']));
    expect(historyCalls).toBe(2);
  }, 10_000);

  it('reloads the history after missing more than a page although a live message came meanwhile', async () => {
    const matchId = matchIds.gap;
    const old = Array.from({ length: 50 }, (_, i) => msg(matchId, i + 1, `old ${i + 1}`));
    const missed = Array.from({ length: 50 }, (_, i) => msg(matchId, 100 + i, `missed ${i}`));
    const live = msg(matchId, 200, 'live during catch-up');
    // The latest 50 after the outage: 'missed 0' is older than the page.
    const latestAfter = [...missed.slice(1), live];
    let isAfterOutage = false;
    let releaseCatchUp: (() => void) | undefined;
    let latestCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!isHistoryUrl(url)) return ok([]);
        if (url.includes('before=')) return ok([]);
        latestCalls += 1;
        if (!isAfterOutage) return ok(old);
        if (releaseCatchUp === undefined)
          return new Promise<Response>(
            (resolve) => (releaseCatchUp = () => resolve(ok(latestAfter))),
          );
        return ok(latestAfter);
      }),
    );
    io.on('connection', (socket) =>
      socket.on('joinRoom', (_id: string, ack: (answer: unknown) => void) => {
        void socket.join('room');
        ack({ ok: true, status: 'Active' });
      }),
    );

    const { result } = renderRoom(matchId);
    await waitFor(() => expect(result.current.texts).toHaveLength(50), { timeout: 5000 });
    await waitFor(() => expect(latestCalls).toBe(2)); // first load and the first catch-up
    // The outage (a deploy drops every socket); meanwhile 50 messages are said.
    isAfterOutage = true;
    io.disconnectSockets(true);
    await waitFor(() => expect(releaseCatchUp).toBeDefined(), { timeout: 5000 });
    // A co-rider says one more thing while the catch-up page is on its way.
    io.to('room').emit('message', live);
    await waitFor(() => expect(result.current.texts).toContain('live during catch-up'));
    releaseCatchUp!();

    // The history starts again at the latest page; 'missed 0' is one scroll up, not skipped.
    await waitFor(() => expect(latestCalls).toBe(3));
    await waitFor(() =>
      expect(result.current.texts).toEqual(latestAfter.map((m) => m.messageText)),
    );
    expect(result.current.history.hasNextPage).toBe(true);
  }, 15_000);

  it('reloads the history after missing more than a page although the rider’s own message was acknowledged meanwhile', async () => {
    const matchId = matchIds.ownFirst;
    const old = Array.from({ length: 50 }, (_, i) => msg(matchId, i + 1, `old ${i + 1}`));
    const missed = Array.from({ length: 50 }, (_, i) => msg(matchId, 100 + i, `missed ${i}`));
    // Sent from the hidden tab after the others spoke: stored last, newest on the latest page.
    const mine = msg(matchId, 200, 'at pillar 8', selfId);
    const latestAfter = [...missed.slice(1), mine];
    let isAfterAway = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!isHistoryUrl(url) || url.includes('before=')) return ok([]);
        return ok(isAfterAway ? latestAfter : old);
      }),
    );
    let joins = 0;
    io.on('connection', (socket) => {
      socket.on('joinRoom', (_id: string, ack: (answer: unknown) => void) => {
        joins += 1;
        ack({ ok: true, status: 'Active' });
      });
      socket.on(
        'message',
        (payload: { messageText: string; clientId: string }, ack: (answer: unknown) => void) =>
          ack({ ok: true, message: { ...mine, clientId: payload.clientId } }),
      );
    });
    const { result } = renderRoom(matchId);
    await waitFor(() => expect(result.current.texts).toHaveLength(50), { timeout: 5000 });
    await waitFor(() => expect(joins).toBe(1));

    // Away on a map: the co-riders say 50 things, then the rider's own message goes and is
    // acknowledged before the tab comes back and catches up.
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    document.dispatchEvent(new Event('visibilitychange'));
    isAfterAway = true;
    result.current.room.send('at pillar 8');
    await waitFor(() => expect(result.current.texts).toContain('at pillar 8'));
    hidden.mockReturnValue(false);
    document.dispatchEvent(new Event('visibilitychange'));

    // The history starts again at the latest page; 'missed 0' is one scroll up, not skipped.
    await waitFor(() =>
      expect(result.current.texts).toEqual(latestAfter.map((m) => m.messageText)),
    );
    expect(result.current.history.hasNextPage).toBe(true);
  }, 15_000);

  it('is read-only, saying why, when the join says posting is closed (a block after the trip)', async () => {
    const matchId = matchIds.blocked;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok([])),
    );
    io.on('connection', (socket) =>
      socket.on('joinRoom', (_id: string, ack: (answer: unknown) => void) =>
        ack({ ok: true, status: 'Completed', closed: 'This chat is closed.' }),
      ),
    );
    const { result } = renderRoom(matchId);
    await waitFor(() => expect(result.current.room.isClosed).toBe(true), { timeout: 5000 });
    expect(result.current.room.closedMessage).toBe('This chat is closed.');
    expect(result.current.room.canSend).toBe(false);
  }, 10_000);

  it('sends what was typed when the tab is hidden, without the room', async () => {
    const matchId = matchIds.hidden;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok([])),
    );
    const received: string[] = [];
    let leaves = 0;
    io.on('connection', (socket) => {
      socket.on('joinRoom', (_id: string, ack: (answer: unknown) => void) =>
        ack({ ok: true, status: 'Active' }),
      );
      socket.on('leaveRoom', () => (leaves += 1));
      socket.on(
        'message',
        (payload: { messageText: string; clientId: string }, ack: (answer: unknown) => void) => {
          received.push(payload.messageText);
          ack({
            ok: true,
            message: { ...msg(matchId, 1, payload.messageText, selfId), ...payload },
          });
        },
      );
    });
    const { result } = renderRoom(matchId);
    await waitFor(() => expect(result.current.room.canSend).toBe(true), { timeout: 5000 });

    // Switched to a map: the tab leaves the room, and what was typed still goes.
    vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(leaves).toBe(1));
    // Pasted with a form feed, which the server would refuse: it goes as a line break.
    result.current.room.send('I am at\u000Cpillar 5');
    await waitFor(() => expect(received).toEqual(['I am at\npillar 5']), { timeout: 3000 });
    await waitFor(() => expect(result.current.room.outbox).toEqual([]));
  }, 10_000);

  it('tries the catch-up again when its read fails, so nothing said meanwhile is missed', async () => {
    const matchId = matchIds.catchUpFails;
    const missed = msg(matchId, 7, 'I am at gate 4');
    let reads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!isHistoryUrl(url)) return ok([]);
        reads += 1;
        // The first load, then the catch-up after the join fails (a deploy half done).
        if (reads === 1) return ok([]);
        if (reads === 2)
          return new Response(JSON.stringify({ statusCode: 502, message: 'Bad gateway' }), {
            status: 502,
          });
        return ok([missed]);
      }),
    );
    io.on('connection', (socket) =>
      socket.on('joinRoom', (_id: string, ack: (answer: unknown) => void) =>
        ack({ ok: true, status: 'Active' }),
      ),
    );
    const { result } = renderRoom(matchId);
    await waitFor(() => expect(result.current.texts).toEqual(['I am at gate 4']), {
      timeout: 5000,
    });
    expect(reads).toBe(3);
  }, 10_000);
});
