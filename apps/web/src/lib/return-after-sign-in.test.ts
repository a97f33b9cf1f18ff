import { afterEach, expect, it, vi } from 'vitest';
import {
  placeAfterSignIn,
  rememberPlaceBeforeSignIn,
  takePlaceAfterSignIn,
} from './return-after-sign-in';

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

it('comes back once to the page left to sign in, for the same rider or any rider', () => {
  window.history.replaceState(null, '', '/chat/m1?from=mail');
  rememberPlaceBeforeSignIn();
  expect(takePlaceAfterSignIn('u2')).toBe('/chat/m1?from=mail');
  // The sign-in page, seeing the new session, goes the same way.
  expect(placeAfterSignIn()).toBe('/chat/m1?from=mail');
  // A sign-in page opened later, signed in, goes to My Trips.
  vi.useFakeTimers({ now: Date.now() + 60_000 });
  expect(placeAfterSignIn()).toBe('/dashboard');
  vi.useRealTimers();
  expect(takePlaceAfterSignIn('u2')).toBeNull();
  expect(placeAfterSignIn()).toBe('/dashboard');

  window.history.replaceState(null, '', '/profile');
  rememberPlaceBeforeSignIn('u1');
  expect(takePlaceAfterSignIn('u1')).toBe('/profile');
});

it('does not take another rider to the page whose session ended there', () => {
  window.history.replaceState(null, '', '/chat/m1');
  rememberPlaceBeforeSignIn('u1');
  expect(takePlaceAfterSignIn('u2')).toBeNull();
  // Forgotten all the same.
  expect(takePlaceAfterSignIn('u1')).toBeNull();
});

it('keeps no sign-in page, and takes nothing but a path of this app', () => {
  window.history.replaceState(null, '', '/login');
  rememberPlaceBeforeSignIn();
  expect(takePlaceAfterSignIn('u1')).toBeNull();
  for (const path of ['//evil.example/x', 'https://evil.example/', '/signup?x=1'] as const) {
    sessionStorage.setItem('aeropool.returnAfterSignIn', JSON.stringify({ path }));
    expect(takePlaceAfterSignIn('u1')).toBeNull();
  }
});
