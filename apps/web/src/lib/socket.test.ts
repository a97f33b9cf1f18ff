import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { CHAT_SOCKET_OPTIONS } from '@aeropool/contract/chat-limits';
import type { HandshakeRefusal } from '@aeropool/contract/socket-events';
import { renderHook, waitFor } from '@testing-library/react';
import { clearSession, saveSession } from './session';
import { disconnectSocket, getSocket, useSocketEvent } from './socket';

declare const jsdom: { reconfigure(options: { url: string }): void };

let io: Server;
let handshakes: number;
/** What the server answers the next handshakes: refused with `data`, or let in. */
let refuseWith: ((attempt: number) => Error | undefined) | undefined;

beforeEach(async () => {
  const http = createServer();
  io = new Server(http);
  handshakes = 0;
  refuseWith = undefined;
  io.use((_socket, next) => {
    handshakes += 1;
    next(refuseWith?.(handshakes));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  // The app's socket connects to its own origin: the page is served from this server's.
  jsdom.reconfigure({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/` });
  // The reconnect delay's spread at its start: 1 s (spec §9).
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

afterEach(async () => {
  disconnectSocket();
  vi.restoreAllMocks();
  await io.close();
});

const refusal = (message: string, data?: HandshakeRefusal) =>
  Object.assign(new Error(message), data ? { data } : {});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('connects again after the reconnect delay when a busy server refused the handshake', async () => {
  refuseWith = (attempt) =>
    attempt === 1 ? refusal('AeroPool is busy right now.', { retry: true }) : undefined;
  const socket = getSocket('token-1');
  const refused = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
  expect(refused.message).toBe('AeroPool is busy right now.');
  expect(socket.active).toBe(false);

  const started = performance.now();
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  expect(performance.now() - started).toBeGreaterThanOrEqual(
    CHAT_SOCKET_OPTIONS.reconnectionDelay - 50,
  );
  expect(handshakes).toBe(2);
}, 10_000);

it('stays disconnected when the handshake was refused for the token', async () => {
  refuseWith = () => refusal('Please log in to continue.');
  const socket = getSocket('token-2');
  await new Promise((resolve) => socket.once('connect_error', resolve));
  await sleep(CHAT_SOCKET_OPTIONS.reconnectionDelay + 500);
  expect(socket.active).toBe(false);
  expect(handshakes).toBe(1);
}, 10_000);

it('stays disconnected when the handshake was refused for the token, and asks the API, whose 401 signs the rider out', async () => {
  saveSession({ userId: 'rider-9', userEmail: 'rider@example.com', token: 'token-4' });
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ statusCode: 401, message: 'Please log in to continue.' }), {
        status: 401,
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  try {
    refuseWith = () => refusal('Please log in to continue.');
    const socket = getSocket('token-4');
    await new Promise((resolve) => socket.once('connect_error', resolve));
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(fetchMock).toHaveBeenCalledWith('/api/user/rider-9', expect.anything());
  } finally {
    vi.unstubAllGlobals();
    clearSession();
  }
}, 10_000);

it('connects again when the rider comes back to the tab, after a refusal the session check did not explain (too many tabs)', async () => {
  saveSession({ userId: 'rider-12', userEmail: 'rider@example.com', token: 'token-7' });
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ statusCode: 200, message: 'OK', entities: [{}] }), {
          status: 200,
        }),
    ),
  );
  try {
    refuseWith = (attempt) =>
      attempt === 1
        ? refusal('Too many open chat connections. Close some AeroPool tabs and try again.')
        : undefined;
    const socket = getSocket('token-7');
    await new Promise((resolve) => socket.once('connect_error', resolve));
    // No loop while nothing changed.
    await sleep(CHAT_SOCKET_OPTIONS.reconnectionDelay + 500);
    expect(socket.active).toBe(false);
    expect(handshakes).toBe(1);
    // The rider closed the other tabs and comes back to this one.
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(socket.connected).toBe(true));
    expect(handshakes).toBe(2);
  } finally {
    vi.unstubAllGlobals();
    clearSession();
  }
}, 10_000);

it('connects again when the network returns, though the session check could not reach the API either', async () => {
  saveSession({ userId: 'rider-13', userEmail: 'rider@example.com', token: 'token-8' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  try {
    refuseWith = (attempt) =>
      attempt === 1 ? refusal('Too many open chat connections.') : undefined;
    const socket = getSocket('token-8');
    await new Promise((resolve) => socket.once('connect_error', resolve));
    await sleep(200);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(socket.connected).toBe(true));
  } finally {
    vi.unstubAllGlobals();
    clearSession();
  }
}, 10_000);

const onNotification = () => undefined;

it('tells a screen its socket is back after the server dropped it, not at the first connect', async () => {
  saveSession({ userId: 'rider-10', userEmail: 'rider@example.com', token: 'token-5' });
  const onReconnect = vi.fn();
  const { unmount } = renderHook(() => useSocketEvent('notification', onNotification, onReconnect));
  try {
    const socket = getSocket('token-5');
    await waitFor(() => expect(socket.connected).toBe(true));
    expect(onReconnect).not.toHaveBeenCalled();
    // A deploy: the server drops every socket; the app connects again by itself.
    io.disconnectSockets(true);
    await waitFor(() => expect(onReconnect).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(socket.connected).toBe(true);
  } finally {
    unmount();
    clearSession();
  }
}, 10_000);

it('tells a screen its socket is back when its first connection failed and a later one worked', async () => {
  refuseWith = (attempt) =>
    attempt === 1 ? refusal('AeroPool is busy right now.', { retry: true }) : undefined;
  saveSession({ userId: 'rider-11', userEmail: 'rider@example.com', token: 'token-6' });
  const onReconnect = vi.fn();
  const { unmount } = renderHook(() => useSocketEvent('notification', onNotification, onReconnect));
  try {
    const socket = getSocket('token-6');
    await waitFor(() => expect(socket.connected).toBe(true), { timeout: 5000 });
    // Whatever the screen loaded while the server was busy may be stale: it refreshes.
    await waitFor(() => expect(onReconnect).toHaveBeenCalledTimes(1));
  } finally {
    unmount();
    clearSession();
  }
}, 10_000);
