import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@aeropool/contract/socket-events';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A connected client; rejects with the server's reason when the handshake is refused. */
export function connectSocket(url: string, token?: string): Promise<TestSocket> {
  const socket: TestSocket = io(url, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Resolves with the next `event` payload, or fails after a timeout. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  timeoutMs = 3000,
) {
  return new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${event} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.once(
      event as 'message',
      ((payload: never) => {
        clearTimeout(timer);
        resolve(payload);
      }) as never,
    );
  });
}

/** Collects every `event` payload from now on. */
export function collect<E extends keyof ServerToClientEvents>(socket: TestSocket, event: E) {
  const received: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event as 'message', ((payload: never) => received.push(payload)) as never);
  return received;
}
