import { expect, it, vi } from 'vitest';
import { api, ApiError, serverMessageOr, setUnauthorizedHandler } from './api-client';
import { clearSession, getSession, markSigningOut, saveSession } from './session';

const FALLBACK = 'Failed to process ride request.';

it("shows our server's reason for a 4xx and for a busy 503, the screen's text otherwise", () => {
  const busy = 'AeroPool is busy right now. Please try again in a moment.';
  expect(serverMessageOr(new ApiError(409, 'That ride is no longer available.'), FALLBACK)).toBe(
    'That ride is no longer available.',
  );
  expect(serverMessageOr(new ApiError(503, busy), FALLBACK)).toBe(busy);
  expect(serverMessageOr(new ApiError(500, 'Something went wrong.'), FALLBACK)).toBe(FALLBACK);
  expect(serverMessageOr(new TypeError('Failed to fetch'), FALLBACK)).toBe(FALLBACK);
});

it("shows the screen's text for an answer that carried no message of ours", () => {
  // A proxy's HTML error page in front of a stopped server: nothing of ours to show.
  for (const status of [503, 413]) {
    const error = new ApiError(status, 'Something went wrong ⚠️', undefined, false);
    expect(serverMessageOr(error, FALLBACK)).toBe(FALLBACK);
  }
});

it('a 401 signs out only the token it was sent with, not one saved meanwhile', async () => {
  let answer: (response: Response) => void = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
  );
  const signedOut = vi.fn();
  setUnauthorizedHandler(signedOut);
  const unauthorized = () =>
    new Response(JSON.stringify({ statusCode: 401, message: 'Please log in to continue.' }), {
      status: 401,
    });
  try {
    saveSession({ userId: 'u1', userEmail: 'asha@example.com', token: 'old' });
    const sent = api.get('/user/u1');
    // A password change answered meanwhile: this tab now holds the new session.
    saveSession({ userId: 'u1', userEmail: 'asha@example.com', token: 'new' });
    answer(unauthorized());
    await expect(sent).rejects.toBeInstanceOf(ApiError);
    expect(getSession()?.token).toBe('new');
    expect(signedOut).not.toHaveBeenCalled();

    const current = api.get('/user/u1');
    answer(unauthorized());
    await expect(current).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).toBeNull();
    expect(signedOut).toHaveBeenCalledOnce();
  } finally {
    vi.unstubAllGlobals();
    clearSession();
  }
});

it('a 401 for a token being logged out leaves the log-out to finish its own way', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ statusCode: 401, message: 'Please log in.' }), {
          status: 401,
        }),
    ),
  );
  const signedOut = vi.fn();
  setUnauthorizedHandler(signedOut);
  try {
    saveSession({ userId: 'u1', userEmail: 'asha@example.com', token: 'leaving' });
    markSigningOut();
    await expect(api.get('/match-or-ride-request/upcoming/u1')).rejects.toBeInstanceOf(ApiError);
    // Still stored: the page that needs it stays until the navigation to / lands.
    expect(getSession()?.token).toBe('leaving');
    expect(signedOut).not.toHaveBeenCalled();
  } finally {
    vi.unstubAllGlobals();
    clearSession();
  }
});
