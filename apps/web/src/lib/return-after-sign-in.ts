import { LOGIN_AREA_PATHS } from './toast';

const KEY = 'aeropool.returnAfterSignIn';

type Place = { path: string; userId?: string };

/** A path of this app to go back to: no other site ('//host'), no sign-in page, not absurdly long. */
const isAppPath = (path: string) =>
  path.startsWith('/') &&
  !path.startsWith('//') &&
  path.length <= 500 &&
  !LOGIN_AREA_PATHS.includes(new URL(path, 'https://app.invalid').pathname);

/**
 * Remembers the page a rider was sent away from to sign in (a session that ended, a link from a
 * mail opened signed out), for this tab: signing in comes back to it, not to My Trips. `userId`:
 * whose session ended there; another rider signing in goes to My Trips as usual.
 */
export function rememberPlaceBeforeSignIn(userId?: string): void {
  const path = `${window.location.pathname}${window.location.search}`;
  if (!isAppPath(path)) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, userId } satisfies Place));
  } catch {
    // Storage off (private mode, full): sign-in opens My Trips, as it always did.
  }
}

/** What the last sign-in in this document took (where it went, or null for My Trips), and when. */
let lastTaken: { path: string | null; atMs: number } = { path: null, atMs: 0 };
/** How long the sign-in page's own redirect follows the sign-in's: it comes at once. */
const SIGN_IN_REDIRECT_MS = 10_000;

/** The remembered page for `userId` signing in, once (it is forgotten either way), or null. */
export function takePlaceAfterSignIn(userId: string): string | null {
  lastTaken = { path: null, atMs: Date.now() };
  let place: Place | null;
  try {
    place = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Place | null;
    sessionStorage.removeItem(KEY);
  } catch {
    return null;
  }
  if (!place || typeof place.path !== 'string' || !isAppPath(place.path)) return null;
  if (place.userId !== undefined && place.userId !== userId) return null;
  lastTaken = { path: place.path, atMs: Date.now() };
  return place.path;
}

/**
 * Where the sign-in page that has just signed the rider in goes (it sees the new session too):
 * the page the sign-in took. Else, and for a sign-in page opened signed in later, My Trips.
 */
export const placeAfterSignIn = (): string =>
  Date.now() - lastTaken.atMs < SIGN_IN_REDIRECT_MS && lastTaken.path
    ? lastTaken.path
    : '/dashboard';
