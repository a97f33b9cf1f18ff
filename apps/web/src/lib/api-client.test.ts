import { expect, it } from 'vitest';
import { ApiError, serverMessageOr } from './api-client';

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
