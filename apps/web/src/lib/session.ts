import { useSyncExternalStore } from 'react';

/** Browser storage keys of spec section 3. Logged in means a stored userId exists. */
const KEYS = { userId: 'userId', userEmail: 'userEmail', token: 'token' } as const;

export type Session = { userId: string; userEmail: string | null; token: string | null };

const listeners = new Set<() => void>();
let cached: Session | null | undefined;

const read = (): Session | null => {
  const userId = localStorage.getItem(KEYS.userId);
  if (!userId) return null;
  return {
    userId,
    userEmail: localStorage.getItem(KEYS.userEmail),
    token: localStorage.getItem(KEYS.token),
  };
};

const notify = () => {
  cached = undefined;
  for (const listener of listeners) listener();
};

export function getSession(): Session | null {
  if (cached === undefined) cached = read();
  return cached;
}

export function getToken(): string | null {
  return localStorage.getItem(KEYS.token);
}

export function saveSession(session: { userId: string; userEmail: string; token: string }): void {
  localStorage.setItem(KEYS.userId, session.userId);
  localStorage.setItem(KEYS.userEmail, session.userEmail);
  localStorage.setItem(KEYS.token, session.token);
  notify();
}

/**
 * What a tab keeps for the signed-in rider in sessionStorage (a chat message not yet sent) is
 * stored under this prefix, and goes with the session: on a shared computer the next person must
 * not find it.
 */
export const RIDER_TAB_STORAGE_PREFIX = 'aeropool:';

function clearRiderTabStorage() {
  try {
    const keys = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i));
    for (const key of keys)
      if (key?.startsWith(RIDER_TAB_STORAGE_PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // No storage (a locked-down browser): nothing was kept there.
  }
}

/** The token a log-out is ending (see markSigningOut). */
let endingToken: string | null = null;

/**
 * A log-out has begun: the server ends this token at once, while the page that needs it stays
 * until the navigation to / lands. A 401 for it then is expected, not a sign-out of its own
 * (which would send the rider to /login instead).
 */
export function markSigningOut(): () => void {
  const token = getToken();
  endingToken = token;
  // For a log-out that failed: the token's 401s sign out again.
  return () => {
    if (endingToken === token) endingToken = null;
  };
}

export const isBeingSignedOut = (token: string): boolean => token === endingToken;

export function clearSession(): void {
  localStorage.removeItem(KEYS.userId);
  localStorage.removeItem(KEYS.userEmail);
  localStorage.removeItem(KEYS.token);
  clearRiderTabStorage();
  notify();
}

/** Another tab signed out (or storage was cleared): this tab's session is gone too. */
export const isSignOutElsewhere = (event: StorageEvent): boolean =>
  (event.key === null || event.key === KEYS.userId) && localStorage.getItem(KEYS.userId) === null;

/** Runs `forget` whenever another tab signs out; returns the unsubscribe. */
export function onSignOutElsewhere(forget: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (isSignOutElsewhere(event)) forget();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // Another tab signing in or out changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (isSignOutElsewhere(event)) clearRiderTabStorage();
    if (event.key === null || Object.values(KEYS).includes(event.key as never)) notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}
