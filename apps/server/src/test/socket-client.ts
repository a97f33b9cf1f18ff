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

type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** Resolves with the next `event` payload that matches, or fails after a timeout. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  timeoutMs = 3000,
  matches: (payload: Payload<E>) => boolean = () => true,
) {
  return new Promise<Payload<E>>((resolve, reject) => {
    const listener = ((payload: Payload<E>) => {
      if (!matches(payload)) return;
      clearTimeout(timer);
      socket.off(event as 'message', listener);
      resolve(payload);
    }) as never;
    const timer = setTimeout(() => {
      socket.off(event as 'message', listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on(event as 'message', listener);
  });
}

/** Collects every `event` payload from now on. */
export function collect<E extends keyof ServerToClientEvents>(socket: TestSocket, event: E) {
  const received: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event as 'message', ((payload: never) => received.push(payload)) as never);
  return received;
}
