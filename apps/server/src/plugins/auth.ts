import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCOUNT_MESSAGES } from '@aeropool/contract/accounts';
import type { Database } from '../db/database';
import { AppError } from '../lib/app-error';
import { createSessions } from '../modules/accounts/sessions/session-service';

const SESSION_EXPIRED = ACCOUNT_MESSAGES.sessionExpired;

const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
};

/** 403 unless the id in the path is the signed-in user's own (spec section 6). */
export function assertSelf(request: FastifyRequest, userId: string): void {
  if (request.userId !== userId) {
    throw new AppError('FORBIDDEN', 'You can only access your own account.');
  }
}

/**
 * Who may act is decided before what they send is validated: a rider addressing someone else's
 * account gets 403 whatever the body holds, not a 400 about a field they may not touch.
 */
export const selfOnly =
  (param: string) =>
  async (request: FastifyRequest): Promise<void> => {
    const value = (request.params as Record<string, unknown> | undefined)?.[param];
    assertSelf(request, typeof value === 'string' ? value.toLowerCase() : '');
  };

export type AuthOptions = { database: Database };

export default fp(async function authPlugin(app: FastifyInstance, options: AuthOptions) {
  const sessions = await createSessions({
    database: options.database,
    jwtSecret: app.secrets.jwtSecret,
    ttlDays: app.config.JWT_TTL_DAYS,
    now: () => app.now(),
  });
  app.decorate('sessions', sessions);
  app.addHook('onClose', async () => sessions.close());

  app.decorateRequest('userId', '');
  app.decorateRequest('sessionId', '');
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHORIZED', 'Please log in to continue.');
    const session = await sessions.verify(token);
    if (!session) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED);
    request.userId = session.userId;
    request.sessionId = session.sessionId;
  });
});
