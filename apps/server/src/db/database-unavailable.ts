import type { FastifyBaseLogger } from 'fastify';
import { PRODUCT_NAME } from '@aeropool/contract/product';

/** What a request is told when the database cannot take it now (503, with Retry-After). */
export const DATABASE_BUSY_MESSAGE = `${PRODUCT_NAME} is busy right now. Please try again in a moment.`;
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * SQLSTATEs that say the server cannot take the statement now rather than that it is wrong:
 * too many connections, a statement cancelled (its `statement_timeout`, waiting on a lock), the
 * three shutdown or start-up states, a transaction ended for idling, and a transaction that lost
 * a deadlock or a serialization conflict (the same request again succeeds). Class 08 (connection
 * exceptions) is matched by its prefix.
 */
const UNAVAILABLE_STATES = new Set([
  '53300',
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '25P03',
  '40P01',
  '40001',
]);
/** Node's own codes for a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** node-postgres and its pool say these in words only (no code). */
const DRIVER_MESSAGES = [/^timeout exceeded when trying to connect$/, /^Connection terminated\b/];

/**
 * True when `error` (or what it wraps: drizzle wraps the driver's error as its cause) means the
 * database is out of reach or out of connections, a moment's condition worth a 503 and a retry,
 * not a fault in the request or the code.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code: unknown = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (/^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_STATES.has(code) || NETWORK_CODES.has(code)) {
        return true;
      }
    }
    const { message } = current;
    if (DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = current.cause;
  }
  return false;
}

/** What a socket client is told of an unexpected failure: busy, or a generic try again. */
export const failureMessage = (error: unknown) =>
  isDatabaseUnavailable(error) ? DATABASE_BUSY_MESSAGE : 'Something went wrong. Please try again.';

/** Logs an unexpected failure: a warning when the database was busy or out of reach, else an error. */
export function logFailure(log: FastifyBaseLogger, error: unknown, what: string): void {
  if (isDatabaseUnavailable(error)) log.warn({ err: error }, what);
  else log.error({ err: error }, what);
}
