import type { Envelope } from '@aeropool/contract/envelope';
import { clearSession, getSession, getToken, isBeingSignedOut } from './session';
import { rememberPlaceBeforeSignIn } from './return-after-sign-in';

/** A failed API call: the server's status and its message, ready for a toast. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    /** False when the answer carried no message of ours (a proxy's error page, say). */
    readonly isServerMessage = true,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Options = {
  signal?: AbortSignal;
  /** A 401 here means the session is already over: no sign-out redirect (log out itself). */
  isSessionEnding?: boolean;
};

let onUnauthorized: () => void = () => {
  window.location.assign('/login');
};

/**
 * The sign-out of a 401, for a caller that had marked its own sign-out (markSigningOut) and then
 * learns the session had already ended: to /login, as any request answered 401 goes.
 */
export function endExpiredSession(): void {
  // Signing in again comes back here (what was typed is lost; the page is not).
  rememberPlaceBeforeSignIn(getSession()?.userId);
  clearSession();
  onUnauthorized();
}

/** The router registers a navigate function so a 401 signs out without a full reload. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/**
 * The one API client: adds the token, unwraps the envelope, throws ApiError for non-2xx and
 * turns a 401 on an authenticated call into sign-out. Toast texts are the caller's (spec §8).
 */
export async function apiRequest<T, Extra extends object = object>(
  method: Method,
  path: string,
  body?: unknown,
  options: Options = {},
): Promise<Envelope<T> & Extra> {
  const token = getToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;

  const response = await fetch(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
  const payload = (await response.json().catch(() => null)) as
    (Envelope<T> & Extra & { field?: string }) | null;

  if (!response.ok || !payload) {
    // Signed out only if this token is still the stored one: a request sent before a password
    // change saved the new token is answered 401 and must not end the new session.
    if (
      response.status === 401 &&
      token &&
      !options.isSessionEnding &&
      !isBeingSignedOut(token) &&
      getToken() === token
    ) {
      endExpiredSession();
    }
    throw new ApiError(
      payload?.statusCode ?? response.status,
      payload?.message ?? 'Something went wrong ⚠️',
      payload?.field,
      typeof payload?.message === 'string',
    );
  }
  return payload;
}

export const api = {
  get: <T, E extends object = object>(path: string, options?: Options) =>
    apiRequest<T, E>('GET', path, undefined, options),
  post: <T, E extends object = object>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T, E>('POST', path, body ?? {}, options),
  put: <T, E extends object = object>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T, E>('PUT', path, body ?? {}, options),
  delete: <T, E extends object = object>(path: string, options?: Options) =>
    apiRequest<T, E>('DELETE', path, undefined, options),
};

/**
 * Spec §8 "server message or fallback": our server's 4xx carries a readable reason worth showing,
 * and so does its 503 (busy for a moment: try again shortly); any other 5xx (details logged, never
 * sent), an answer without our message, a network failure or a bug gets the screen's own text.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  const isWorthShowing =
    error instanceof ApiError &&
    error.isServerMessage &&
    !!error.message &&
    (error.statusCode < 500 || error.statusCode === 503);
  return isWorthShowing ? error.message : fallback;
}

/** True when the server answered at all, as opposed to the network or the code failing. */
export const isServerAnswer = (error: unknown): error is ApiError => error instanceof ApiError;
