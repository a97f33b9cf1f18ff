import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/** Security headers, CORS and the rate limiter (applied per route, see authRateLimit). */
export default fp(async function securityPlugin(app: FastifyInstance) {
  const googleOrigins = app.config.GOOGLE_CLIENT_ID
    ? ['https://accounts.google.com', 'https://*.gstatic.com']
    : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...googleOrigins],
        styleSrc: ["'self'", "'unsafe-inline'", ...googleOrigins],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org', ...googleOrigins],
        connectSrc: ["'self'", 'ws:', 'wss:', ...googleOrigins],
        frameSrc: ["'self'", ...googleOrigins],
        upgradeInsecureRequests: null,
      },
    },
    // Google's sign-in popup talks back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });

  const origins = app.config.CORS_ORIGIN?.split(',').map((origin) => origin.trim());
  await app.register(cors, {
    origin: origins && origins.length > 0 ? origins : false,
    credentials: false,
  });

  await app.register(rateLimit, {
    global: false,
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

/**
 * Route config for login, OTP and password endpoints: per IP and e-mail, generous enough for a
 * person who mistypes; the OTP's own 5-try limit is what stops guessing.
 */
export const authRateLimit = (app: FastifyInstance) => ({
  rateLimit: {
    max: app.config.RATE_LIMIT_AUTH_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request: { ip: string; body?: unknown }) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return `${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
    },
  },
});
