import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { CHAT_LIMITS, matchRoom } from '@aeropool/contract/chat';
import {
  userRoom,
  type ClientToServerEvents,
  type HandshakeRefusal,
  type ServerToClientEvents,
} from '@aeropool/contract/socket-events';
import { failureMessage, logFailure } from '../db/database-unavailable';
import { createAdapterPool } from './ordered-publisher';

type SocketData = { userId: string; sessionId: string; expiresAtMs: number };
/** setTimeout's longest delay (about 24.8 days); a later end is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, object, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, object, SocketData>;

/**
 * socket.io on the API's own server and port. The handshake must carry a valid session token
 * (`auth: { token }`); each socket joins its user's room, which live dashboard updates use.
 */
export type RealtimeOptions = {
  /** With PostgreSQL, rooms span server processes through LISTEN/NOTIFY (decision 005). */
  postgresUrl?: string;
};

const ADAPTER_CLOSE_TIMEOUT_MS = 2000;

const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default fp(async function realtimePlugin(app: FastifyInstance, options: RealtimeOptions) {
  const origins = app.config.CORS_ORIGIN?.split(',').map((origin) => origin.trim());
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // The most a client sends at once is a burst of chat messages (10 within the rate limit, of
    // at most 2,000 characters, up to 8 KB each), which a polling request may carry together: no
    // reason to hold socket.io's default of 1 MB a packet (a WebSocket frame meets no body limit
    // in nginx).
    maxHttpBufferSize: 256 * 1024,
    cors: origins && origins.length > 0 ? { origin: origins } : undefined,
  });
  // Its own small pool: the adapter holds one connection for LISTEN, and one that is still being
  // set up when the server closes would otherwise keep the main pool from ending.
  const adapterPool = options.postgresUrl ? createAdapterPool(options.postgresUrl) : undefined;
  if (adapterPool) {
    const { createAdapter } = await import('@socket.io/postgres-adapter');
    adapterPool.on('error', (error) => app.log.error({ err: error }, 'socket.io adapter pool'));
    // The adapter's LISTEN connection is checked out for good: its errors must not go unhandled.
    adapterPool.on('connect', (client) =>
      client.on('error', (error) => app.log.warn({ err: error }, 'socket.io adapter connection')),
    );
    io.adapter(
      createAdapter(adapterPool, {
        errorHandler: (error) => app.log.error({ err: error }, 'socket.io postgres adapter'),
      }),
    );
  }

  // Behind the balancer, long-polling requests of one connection must reach the instance that
  // opened it: the balancer sticks to this cookie (deploy/nginx.conf).
  const instance = app.config.INSTANCE_NAME;
  if (instance) {
    io.engine.on('initial_headers', (headers: Record<string, string>) => {
      headers['set-cookie'] = `aeropool_node=${instance}; Path=/; HttpOnly; SameSite=Lax`;
    });
  }

  /** The handshake's verdict: an error to refuse with, or nothing to let the socket in. */
  const admit = async (socket: RealtimeSocket): Promise<Error | undefined> => {
    const token: unknown = socket.handshake.auth?.token;
    const session = typeof token === 'string' ? await app.sessions.verify(token) : null;
    if (!session) return new Error('Please log in to continue.');
    // Counted on this instance, a bound on one process's sockets rather than a rider's total (a
    // rider's tabs may sit on several instances); the message limit is the one every instance
    // shares.
    const open = await io.in(userRoom(session.userId)).local.fetchSockets();
    if (open.length >= CHAT_LIMITS.maxSocketsPerRider) {
      return new Error('Too many open chat connections. Close some AeroPool tabs and try again.');
    }
    socket.data.userId = session.userId;
    socket.data.sessionId = session.sessionId;
    socket.data.expiresAtMs = session.expiresAtMs;
    return undefined;
  };

  io.use(async (socket, next) => {
    let refusal: Error | undefined;
    try {
      refusal = await admit(socket);
    } catch (error) {
      // socket.io does not catch a middleware's rejection (it would end the process); a failed
      // check refuses this handshake, and the app is told it may try again (socket.ts).
      logFailure(app.log, error, 'chat handshake failed');
      const data: HandshakeRefusal = { retry: true };
      refusal = Object.assign(new Error(failureMessage(error)), { data });
    }
    next(refusal);
  });

  /**
   * A revocation between the handshake's check and the join found no socket of the session to
   * drop: asked again once the socket is in its rooms, where any later revocation reaches it.
   */
  const dropIfRevokedMeanwhile = async (socket: RealtimeSocket) => {
    try {
      const token = socket.handshake.auth.token as string;
      if (await app.sessions.verify(token)) return;
    } catch (error) {
      // Not known to be live: dropped; the app connects again within seconds (socket.ts).
      logFailure(app.log, error, 'socket session re-check failed');
    }
    socket.disconnect(true);
  };

  io.on('connection', (socket) => {
    void socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)]);
    void dropIfRevokedMeanwhile(socket);
    // A socket is let in once, at its handshake: it ends with its session, as a request with that
    // token would be refused. Past the longest timer, the app's reconnect checks the token again.
    const ends = setTimeout(
      () => socket.disconnect(true),
      Math.min(Math.max(0, socket.data.expiresAtMs - app.now().getTime()), MAX_TIMER_MS),
    );
    ends.unref();
    socket.on('disconnect', () => clearTimeout(ends));
  });

  // Sockets authenticate once, at connection: when a session ends (log out, password change,
  // deactivation) every instance drops its own sockets of it; the tab that holds a fresh token
  // reconnects with it.
  app.sessions.onRevoked(({ userId, sessionId }) => {
    if (userId) io.in(userRoom(userId)).local.disconnectSockets(true);
    if (sessionId) io.in(sessionRoom(sessionId)).local.disconnectSockets(true);
  });
  // Revocations made while this instance was not listening never reached it: every socket here
  // has its session checked again (a stolen phone's must not keep hearing the chat for weeks).
  app.sessions.onListeningResumed(() => {
    for (const socket of io.of('/').sockets.values()) void dropIfRevokedMeanwhile(socket);
  });

  app.decorate('io', io);
  app.decorate('notifyUser', (userId, event, ...args) => {
    // The decorator's signature (types.d.ts) ties args to the event; socket.io's overloads cannot follow a generic.
    const room = io.to(userRoom(userId)) as unknown as {
      emit(e: string, ...a: unknown[]): boolean;
    };
    room.emit(event, ...args);
  });
  app.decorate('removeFromChat', (userId: string, matchId: string) => {
    // On every instance (the adapter carries it): a rider who left a cab hears no more of it.
    io.in(userRoom(userId)).socketsLeave(matchRoom(matchId));
  });
  // Open websockets would otherwise hold the HTTP server open during a graceful close.
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => void io.close(() => resolve()));
    if (!adapterPool) return;
    // An adapter still connecting when close began takes its connection afterwards: wait for
    // it and close the adapter again, which releases that connection, then end the pool.
    const deadline = Date.now() + ADAPTER_CLOSE_TIMEOUT_MS;
    while (adapterPool.totalCount > adapterPool.idleCount && Date.now() < deadline) {
      await sleep(50);
      void io.of('/').adapter.close();
    }
    // The adapter's goodbye (and any broadcast before it) still waiting its turn would otherwise
    // start on an ended pool and be logged as an error at every stop.
    await Promise.race([adapterPool.settled(), sleep(ADAPTER_CLOSE_TIMEOUT_MS)]);
    await Promise.race([adapterPool.end(), sleep(ADAPTER_CLOSE_TIMEOUT_MS)]);
  });
});
