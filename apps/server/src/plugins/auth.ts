import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { users } from '../db/schema';
import { AppError } from '../lib/app-error';

const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

export type SessionClaims = { sub: string; tv: number };

export async function signSessionToken(
  app: FastifyInstance,
  user: { id: string; tokenVersion: number },
): Promise<string> {
  return new SignJWT({ tv: user.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(`${app.config.JWT_TTL_DAYS}d`)
    .sign(app.secrets.jwtSecret);
}

/** Resolves a token to an active user's id, or null; shared by HTTP and socket handshakes. */
export async function verifySessionToken(
  app: FastifyInstance,
  token: string,
): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, app.secrets.jwtSecret, { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
    const [user] = await app.db
      .select({ tokenVersion: users.tokenVersion, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, payload.sub));
    if (!user || !user.isActive || user.tokenVersion !== payload.tv) return null;
    return payload.sub;
  } catch {
    return null;
  }
}

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

export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('userId', '');
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHORIZED', 'Please log in to continue.');
    const userId = await verifySessionToken(app, token);
    if (!userId) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED);
    request.userId = userId;
  });
});
