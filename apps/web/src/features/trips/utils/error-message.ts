import { ApiError } from '../../../lib/api-client';

/**
 * Spec §8 pattern "server message or fallback": a 4xx carries a readable reason worth showing;
 * a 5xx does not (its details are logged, never sent), so it gets the fallback.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.statusCode < 500 && error.message) return error.message;
  return fallback;
}

/** True when the server answered at all, as opposed to the network or the code failing. */
export const isServerAnswer = (error: unknown): error is ApiError => error instanceof ApiError;
