import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import {
  DATABASE_BUSY_MESSAGE,
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
} from '../db/database-unavailable';
import { AppError } from '../lib/app-error';

type ErrorBody = {
  statusCode: number;
  message: string;
  entities: [];
  field?: string;
  retryAfterSeconds?: number;
};

const GENERIC_MESSAGES: Record<number, string> = {
  400: 'The request is not valid.',
  401: 'Please log in to continue.',
  403: 'You are not allowed to do that.',
  404: 'Not found.',
  405: 'Method not allowed.',
  406: 'Not acceptable.',
  409: 'This conflicts with the current state. Please refresh and try again.',
  413: 'The request is too large.',
  415: 'Unsupported content type. Send JSON.',
  429: 'Too many requests. Please wait a moment and try again.',
};

export const errorBody = (
  statusCode: number,
  message: string,
  extra: Partial<ErrorBody> = {},
): ErrorBody => ({
  statusCode,
  message,
  entities: [],
  ...extra,
});

/** The 404 of a path nobody serves; the moderation desk answers non-operators with it too. */
export const noRouteMessage = (request: Pick<FastifyRequest, 'method' | 'url'>) =>
  `No route for ${request.method} ${request.url.split('?')[0] ?? '/'}.`;

/**
 * The single error handler: every failure leaves in the spec's envelope, 4xx with a message a
 * user can act on, 5xx generic (details go to the log with the request id, never to the client).
 */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.details.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.details.retryAfterSeconds));
      }
      return reply
        .code(error.statusCode)
        .send(errorBody(error.statusCode, error.message, error.details));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
      const message = first?.message ?? GENERIC_MESSAGES[400]!;
      return reply.code(400).send(errorBody(400, message, field ? { field } : {}));
    }

    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response did not match schema',
      );
      return reply.code(500).send(errorBody(500, 'Something went wrong. Please try again later.'));
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, body too large, rate limit) carry safe, readable messages
      // only for some codes; fall back to ours so no internals leak.
      const message =
        status === 429
          ? error.message
          : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
              error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is not valid JSON.'
            : (GENERIC_MESSAGES[status] ?? GENERIC_MESSAGES[400]!);
      return reply.code(status).send(errorBody(status, message));
    }

    if (isDatabaseUnavailable(error)) {
      // Out of connections or out of reach: a moment's condition, not a bug. The balancer
      // retries an idempotent request on another instance (deploy/nginx.conf), the app's reads
      // retry by themselves.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(503).send(
        errorBody(503, DATABASE_BUSY_MESSAGE, {
          retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
        }),
      );
    }

    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(errorBody(500, 'Something went wrong. Please try again later.'));
  });
});
