import { ApiError } from '../../../lib/api-client';

/**
 * "Server message or fallback" (spec §8): a 4xx answer carries a user-readable message; a 5xx,
 * a network failure or a bug gets the screen's own text.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.statusCode < 500 && error.message) return error.message;
  return fallback;
}
