import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ChatMessage } from '@aeropool/contract/chat';
import { clearSession, saveSession } from '../../../lib/session';
import { disconnectSocket } from '../../../lib/socket';
import { CHAT_TEXTS } from '../chat-texts';
import { ChatRoom } from './chat-room';

const matchId = '44444444-4444-4444-8444-444444444444';
const selfId = 'rider-self';
/** vitest's jsdom environment: moves the page (and so the socket's origin) to the test server. */
declare const jsdom: { reconfigure(options: { url: string }): void };
let io: Server;

const msg = (n: number): ChatMessage => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  matchId,
  userId: { _id: 'rider-other', firstName: 'Asha', lastName: 'R.', email: '' },
  messageText: `m ${n}`,
  timestamp: new Date(Date.UTC(2026, 0, 1, 10, 0, n)).toISOString(),
  clientId: `client-${n}`,
});

const answer = (statusCode: number, entities: unknown[] = []) =>
  new Response(
    JSON.stringify({ statusCode, message: statusCode === 200 ? 'OK' : 'busy', entities }),
    {
      status: statusCode,
    },
  );

beforeEach(async () => {
  const http = createServer();
  io = new Server(http);
  io.on('connection', (socket) =>
    socket.on('joinRoom', (_id: string, ack: (a: unknown) => void) =>
      ack({ ok: true, status: 'Active' }),
    ),
  );
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  // The socket connects to the page's origin: this test's server.
  jsdom.reconfigure({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/` });
  saveSession({ userId: selfId, userEmail: 'me@example.com', token: 'token-test' });
});

afterEach(async () => {
  cleanup();
  disconnectSocket();
  vi.unstubAllGlobals();
  clearSession();
  await io.close();
});

function renderChat() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ChatRoom matchId={matchId} selfId={selfId} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ChatRoom', () => {
  it('keeps the conversation when an older page fails, and offers to load it again', async () => {
    const latest = Array.from({ length: 50 }, (_, i) => msg(100 + i));
    let olderCalls = 0;
    let isOlderDown = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!url.startsWith('/api/match/messages/')) return answer(503);
        if (!url.includes('before=')) return answer(200, latest);
        olderCalls += 1;
        return isOlderDown ? answer(503) : answer(200, [msg(1)]);
      }),
    );

    renderChat();
    // The first page is short of the screen (jsdom lays nothing out), so the older one is asked
    // for at once, and fails.
    await screen.findByText(CHAT_TEXTS.loadEarlierFailed);
    expect(screen.getByText('m 149')).toBeTruthy();
    expect(screen.queryByText(CHAT_TEXTS.loadFailed)).toBeNull();
    // Not retried by itself on every render.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(olderCalls).toBe(1);

    isOlderDown = false;
    fireEvent.click(screen.getByRole('button', { name: CHAT_TEXTS.retry }));
    await screen.findByText('m 1');
    expect(olderCalls).toBe(2);
    expect(screen.queryByText(CHAT_TEXTS.loadEarlierFailed)).toBeNull();
    expect(screen.getByText(CHAT_TEXTS.beginning)).toBeTruthy();
  });

  it('says the chat is no longer theirs once its match refuses the rider (they left the cab elsewhere)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/match/messages/') ? answer(200, [msg(1)]) : answer(403),
      ),
    );
    renderChat();
    await screen.findByText(CHAT_TEXTS.notMember);
    expect(screen.queryByRole('button', { name: CHAT_TEXTS.send })).toBeNull();
  });

  it('still replaces the chat with the error when its first page fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(503)),
    );
    renderChat();
    await screen.findByText(CHAT_TEXTS.loadFailed);
    expect(screen.getByRole('button', { name: CHAT_TEXTS.retry })).toBeTruthy();
  });

  it('leaves room for the bottom safe area once: under the tab bar on phones, under the composer from md', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => answer(url.startsWith('/api/match/messages/') ? 200 : 503)),
    );
    const { container } = renderChat();
    await screen.findByText(CHAT_TEXTS.empty);
    // The tab bar (md:hidden) is there below md; the page reserves its height and the inset.
    const bottomPadding = (element: Element, breakpoint: 'phone' | 'md') => {
      const tokens = element.getAttribute('class')!.split(/\s+/);
      const padding = (prefix: string) =>
        tokens.filter((t) => new RegExp(`^${prefix}(pb|py|p)-`).test(t)).at(-1);
      const phone = padding('');
      return breakpoint === 'phone' ? phone : (padding('md:') ?? phone);
    };
    const insetAt = (breakpoint: 'phone' | 'md') =>
      [container.querySelector('main')!, container.querySelector('form')!].filter((element) =>
        bottomPadding(element, breakpoint)?.includes('safe-area-inset-bottom'),
      ).length;
    expect({ phone: insetAt('phone'), md: insetAt('md') }).toEqual({ phone: 1, md: 1 });
  });
});
