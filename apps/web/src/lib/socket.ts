import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { CHAT_SOCKET_OPTIONS } from '@aeropool/contract/chat-limits';
import type {
  ClientToServerEvents,
  HandshakeRefusal,
  ServerToClientEvents,
} from '@aeropool/contract/socket-events';
import { ApiError, apiRequest } from './api-client';
import { getSession, getToken, useSession } from './session';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** How long an unused connection stays open, so moving between pages does not reconnect. */
const IDLE_DISCONNECT_MS = 10_000;

let shared: { token: string; socket: AppSocket } | null = null;
/**
 * Per shared socket: whether it lost its connection, or failed to make one, since it last
 * connected; and whether its latest connect came after such a loss (events may have been missed).
 */
const troubled = new WeakMap<AppSocket, boolean>();
const resumed = new WeakMap<AppSocket, boolean>();
let users = 0;
let idleTimer: number | undefined;

/**
 * One connection per token, shared by every screen: same origin (the dev server proxies
 * /socket.io), token in the handshake, spec §9 reconnect delays of 1 to 5 s and a 20 s timeout.
 */
export function getSocket(token: string): AppSocket {
  if (shared?.token === token) return shared.socket;
  disconnectSocket();
  const socket: AppSocket = io({
    path: '/socket.io',
    auth: { token },
    ...CHAT_SOCKET_OPTIONS,
  });
  // socket.io does not reconnect by itself after the server closed the connection (a deploy's
  // graceful shutdown disconnects every socket) or refused the handshake: come back within the
  // spec's 1 to 5 s (§9), spread so a restart is not met by a stampede. A handshake refused for
  // the token (signed out) does not loop; one refused for a busy moment does.
  const comeBackSoon = () =>
    window.setTimeout(
      () => {
        if (shared?.socket === socket && !socket.active) socket.connect();
      },
      CHAT_SOCKET_OPTIONS.reconnectionDelay +
        Math.random() *
          (CHAT_SOCKET_OPTIONS.reconnectionDelayMax - CHAT_SOCKET_OPTIONS.reconnectionDelay),
    );
  // Listened to first, so every other 'connect' listener knows whether this one resumes.
  socket.on('connect', () => {
    resumed.set(socket, troubled.get(socket) ?? false);
    troubled.set(socket, false);
  });
  socket.on('disconnect', (reason) => {
    troubled.set(socket, true);
    if (reason === 'io server disconnect') comeBackSoon();
  });
  socket.on('connect_error', (error) => {
    troubled.set(socket, true);
    const data = (error as Error & { data?: Partial<HandshakeRefusal> }).data;
    if (socket.active) return;
    if (data?.retry === true) comeBackSoon();
    // Refused for good: most often the session ended (a password change, a log-out elsewhere).
    // One request says so the app's way, whose 401 signs the rider out, instead of a chat that
    // shows Offline for ever.
    // Not when the token changed meanwhile (a password change): the new one opens a new socket.
    else if (getToken() === token)
      void confirmSession().then((isSignedIn) => {
        // Still signed in: refused for another reason (too many tabs open). Tried again when the
        // rider comes back to this tab or the network returns, not in a loop.
        if (isSignedIn) connectWhenBack(socket);
      });
  });
  shared = { token, socket };
  return socket;
}

/**
 * Asks the API whether the session holds (a 401 signs the rider out); false only when it said
 * the session is over. Unreachable or busy, it may well hold.
 */
const confirmSession = async (): Promise<boolean> => {
  const userId = getSession()?.userId;
  if (!userId) return false;
  return apiRequest('GET', `/user/${encodeURIComponent(userId)}`).then(
    () => true,
    (error: unknown) => !(error instanceof ApiError && error.statusCode === 401),
  );
};

/** Connects `socket` again when the rider comes back to the tab or the network comes back. */
function connectWhenBack(socket: AppSocket) {
  const retry = () => {
    if (document.visibilityState !== 'visible') return;
    window.removeEventListener('focus', retry);
    window.removeEventListener('online', retry);
    document.removeEventListener('visibilitychange', retry);
    if (shared?.socket === socket && !socket.active) socket.connect();
  };
  window.addEventListener('focus', retry);
  window.addEventListener('online', retry);
  document.addEventListener('visibilitychange', retry);
}

/** Closes the shared connection, e.g. on sign-out or when the token changes. */
export function disconnectSocket(): void {
  window.clearTimeout(idleTimer);
  if (!shared) return;
  shared.socket.removeAllListeners();
  shared.socket.io.removeAllListeners();
  shared.socket.disconnect();
  shared = null;
}

function release(): void {
  users -= 1;
  // Checked after the current commit: sign-out clears the session as the page unmounts.
  window.setTimeout(() => {
    if (!shared) return;
    if (getToken() !== shared.token) {
      disconnectSocket();
      return;
    }
    if (users > 0) return;
    window.clearTimeout(idleTimer);
    idleTimer = window.setTimeout(() => {
      if (users === 0) disconnectSocket();
    }, IDLE_DISCONNECT_MS);
  }, 0);
}

/**
 * The shared socket for the signed-in user while the calling component is mounted, or null
 * when signed out. Signing out (or a 401 clearing the session) disconnects it.
 */
export function useSocket(): AppSocket | null {
  const token = useSession()?.token ?? null;
  const [socket, setSocket] = useState<AppSocket | null>(null);

  useEffect(() => {
    if (!token) {
      disconnectSocket();
      setSocket(null);
      return;
    }
    users += 1;
    window.clearTimeout(idleTimer);
    setSocket(getSocket(token));
    return release;
  }, [token]);

  return socket;
}

/**
 * Runs handler for every `event` the server sends while the component is mounted, and
 * onReconnect after the connection comes back (events may have been missed meanwhile): any
 * connect after a lost or failed one, whether socket.io reconnected by itself or the app did
 * after the server dropped it (a deploy), which socket.io does not report as a 'reconnect'.
 * Pass stable functions (useCallback) so the listeners are not re-added on every render.
 */
export function useSocketEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: ServerToClientEvents[E],
  onReconnect?: () => void,
): void {
  const socket = useSocket();
  useEffect(() => {
    if (!socket) return;
    // socket.io's typed on() cannot narrow a generic event name; the contract map is the check.
    const listener = handler as never;
    socket.on(event as never, listener);
    const onConnect = () => {
      if (resumed.get(socket)) onReconnect?.();
    };
    if (onReconnect) socket.on('connect', onConnect);
    return () => {
      socket.off(event as never, listener);
      if (onReconnect) socket.off('connect', onConnect);
    };
  }, [socket, event, handler, onReconnect]);
}
