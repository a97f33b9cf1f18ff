import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Duplex } from 'node:stream';
import { AppError } from '../lib/app-error';
import { fastifyRateLimitStore } from '../lib/rate-limit/fastify-store';

/** Security headers, CORS and the rate limiter (applied per route, see authRateLimit). */
export default fp(async function securityPlugin(app: FastifyInstance) {
  const googleOrigins = app.config.GOOGLE_CLIENT_ID
    ? ['https://accounts.google.com', 'https://*.gstatic.com']
    : [];
  const publicOrigin = app.config.PUBLIC_URL ? [new URL(app.config.PUBLIC_URL).origin] : [];
  // Helmet's middleware, built once: @fastify/helmet built it again for every request (parsing
  // the policy each time, about 5 % of a health check's CPU, issue 7); the headers never change.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...googleOrigins],
        styleSrc: ["'self'", "'unsafe-inline'", ...googleOrigins],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org', ...googleOrigins],
        // 'self' covers the app's own ws:/wss: too; PUBLIC_URL where it differs from the host.
        connectSrc: ["'self'", ...publicOrigin, ...googleOrigins],
        frameSrc: ["'self'", ...googleOrigins],
        upgradeInsecureRequests: null,
      },
    },
    // Google's sign-in popup talks back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  // Node hands CONNECT to a 'connect' listener, or drops the socket without an answer.
  app.server.on('connect', (_request: unknown, socket: Duplex) => {
    const body = JSON.stringify({
      statusCode: 405,
      message: 'The CONNECT method is not allowed.',
      entities: [],
    });
    socket.end(
      'HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST, PUT, DELETE, OPTIONS\r\n' +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  });

  const origins = app.config.CORS_ORIGIN?.split(',').map((origin) => origin.trim());
  await app.register(cors, {
    origin: origins && origins.length > 0 ? origins : false,
    credentials: false,
  });

  await app.register(rateLimit, {
    global: false,
    store: fastifyRateLimitStore(app.limits.store),
    // After body parsing, so the key can include the e-mail.
    hook: 'preHandler',
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'TOO_MANY_REQUESTS',
        `Too many attempts. Please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
        { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
      ),
  });
});

const emailOf = (request: { body?: unknown }) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

/**
 * The account an attempt is on: the e-mail it names, or the signed-in rider's (a password change
 * names none, and a stolen session could otherwise guess the current password from many places).
 */
const accountOf = (request: FastifyRequest) =>
  emailOf(request) || (request.userId ? `user:${request.userId}` : '');

/**
 * Limits for login, OTP and password endpoints, three at once: per IP and e-mail (generous
 * enough for a person who mistypes), per IP (one address trying many accounts) and per e-mail
 * (many addresses trying one account). The OTP's own 5-try limit is what stops code guessing.
 * `hooks` are shared limiters: put them in each route's own preHandler array (the plugin appends
 * its per-route hook to that array, so one array must not serve two routes).
 */
/**
 * A limit checked by a hook of its own, for a route that has one already or for a count that
 * several routes share: the plugin keeps a route's own `config.rateLimit` apart per route.
 * Put it in the routes' preHandler (after authentication, so its key may use the rider).
 */
export function sharedRateLimit(
  app: FastifyInstance,
  options: Parameters<FastifyInstance['createRateLimit']>[0],
) {
  const check = app.createRateLimit(options);
  return async (request: FastifyRequest) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `Too many attempts. Please try again in ${result.ttlInSeconds} seconds.`,
        { retryAfterSeconds: result.ttlInSeconds },
      );
    }
  };
}

export function authRateLimits(app: FastifyInstance) {
  const perMinute = app.config.RATE_LIMIT_AUTH_PER_MINUTE;
  // The plugin runs one limiter per request, so the two extra limits check themselves.
  const perAddress = sharedRateLimit(app, {
    max: perMinute * 5,
    timeWindow: '1 minute',
    keyGenerator: (request) => `auth-ip|${request.ip}`,
  });
  const perAccount = sharedRateLimit(app, {
    max: perMinute * 2,
    timeWindow: '1 minute',
    keyGenerator: (request) => `auth-account|${accountOf(request)}`,
    allowList: (request) => accountOf(request) === '',
  });
  return {
    config: {
      rateLimit: {
        max: perMinute,
        timeWindow: '1 minute',
        keyGenerator: (request: { ip: string; body?: unknown }) =>
          `${request.ip}|${emailOf(request)}`,
      },
    },
    hooks: [perAddress, perAccount],
  };
}
