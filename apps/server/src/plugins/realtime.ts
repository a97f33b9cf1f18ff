import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import {
  userRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@aeropool/contract/socket-events';
import { verifySessionToken } from './auth';

type SocketData = { userId: string };
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, object, SocketData>;

/**
 * socket.io on the API's own server and port. The handshake must carry a valid session token
 * (`auth: { token }`); each socket joins its user's room, which live dashboard updates use.
 */
export default fp(async function realtimePlugin(app: FastifyInstance) {
  const origins = app.config.CORS_ORIGIN?.split(',').map((origin) => origin.trim());
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    cors: origins && origins.length > 0 ? { origin: origins } : undefined,
  });

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    const userId = typeof token === 'string' ? await verifySessionToken(app, token) : null;
    if (!userId) return next(new Error('Please log in to continue.'));
    socket.data.userId = userId;
    next();
  });

  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.userId));
  });

  app.decorate('io', io);
  app.decorate('notifyUser', (userId, event, ...args) => {
    io.to(userRoom(userId)).emit(event, ...args);
  });
  // Open websockets would otherwise hold the HTTP server open during a graceful close.
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    io.engine.close();
  });
});
