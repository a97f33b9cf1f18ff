import type { PushPublicKey } from '@aeropool/contract/push';
import { api, apiRequest, ApiError } from '../lib/api-client';
import { getSession } from '../lib/session';

/**
 * What this browser can do about Web Push for the signed-in rider (issue 9). `unavailable`: it
 * could, but no service worker is running (a development build, or one that failed to start).
 */
export type PushStatus = 'unsupported' | 'homeScreen' | 'unavailable' | 'denied' | 'off' | 'on';

/** The service worker registers after the page loads; a development build never has one. */
const WORKER_WAIT_MS = 10_000;

export const isPushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/**
 * Safari on iPhone and iPad has Web Push only in an app added to the Home Screen (iOS 16.4 on):
 * in a browser tab there is none, but there is a way to get it.
 */
const isIosBrowserTab = () =>
  (/iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1)) &&
  !window.matchMedia?.('(display-mode: standalone)').matches;

async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));

const isSameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  !!a && a.byteLength === b.length && new Uint8Array(a).every((byte, i) => byte === b[i]);

/**
 * Whose this browser's subscription is: the rider who turned push on here. Another rider signing
 * in on the same browser did not, and must not get pushes (nor the first rider theirs).
 */
const OWNER_KEY = 'aeropool-push-owner';
const ownerOf = () => localStorage.getItem(OWNER_KEY);

/** The server keeps subscriptions per rider; this one now belongs to whoever is signed in. */
const saveSubscription = async (subscription: PushSubscription) => {
  await api.post('/push/subscriptions', subscription.toJSON());
  const riderId = getSession()?.userId;
  if (riderId) localStorage.setItem(OWNER_KEY, riderId);
};

/** The server will never take this subscription (a push service it does not know, say). */
const isRefused = (error: unknown) =>
  error instanceof ApiError && (error.statusCode === 400 || error.statusCode === 409);

const serverKey = async () => {
  const { entities } = await api.get<PushPublicKey>('/push/public-key');
  return fromBase64Url(entities[0]!.publicKey);
};

/**
 * The subscription this browser holds, or null; one made with another server key (the operator
 * set new VAPID keys) can never be pushed to again, so it is dropped.
 */
async function usableSubscription(
  registration: ServiceWorkerRegistration,
): Promise<PushSubscription | null> {
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return null;
  if (isSameKey(subscription.options.applicationServerKey, await serverKey())) return subscription;
  await subscription.unsubscribe();
  return null;
}

/**
 * Saves the usable subscription this browser holds for the rider signed in now; false when it
 * holds none, or the server refused it (then it is dropped: the switch must not say on while no
 * push can come). A server out of reach leaves it as it is, to be saved again at the next start.
 */
async function saveHeldSubscription(registration: ServiceWorkerRegistration): Promise<boolean> {
  const subscription = await usableSubscription(registration);
  if (!subscription) return false;
  // Turned on here by another rider (one whose sign-out this browser never saw): not carried over.
  const owner = ownerOf();
  if (owner && owner !== getSession()?.userId) {
    await subscription.unsubscribe();
    localStorage.removeItem(OWNER_KEY);
    return false;
  }
  try {
    await saveSubscription(subscription);
  } catch (error) {
    if (!isRefused(error)) return true;
    await subscription.unsubscribe();
    return false;
  }
  return true;
}

/**
 * Where this browser stands. A subscription the browser still holds for the rider signed in now
 * is saved again (the server may have dropped it); one another rider made here is dropped.
 */
export async function readPushStatus(): Promise<PushStatus> {
  if (!isPushSupported()) return isIosBrowserTab() ? 'homeScreen' : 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await workerRegistration();
  if (!registration) return 'unavailable';
  if (Notification.permission !== 'granted') return 'off';
  return (await saveHeldSubscription(registration)) ? 'on' : 'off';
}

/**
 * After a sign-in, a new token (a password change) or at an app start: the server keeps a
 * subscription with the session that saved it, and an expired or revoked session takes it along,
 * while the browser may have renewed it since; so the one this browser holds is saved again.
 * Otherwise pushes would stop until the rider opened their profile. Nothing when push is off
 * here; never throws.
 */
export async function keepPushForThisSession(): Promise<void> {
  try {
    if (!isPushSupported() || Notification.permission !== 'granted') return;
    const registration = await navigator.serviceWorker.getRegistration();
    if (registration) await saveHeldSubscription(registration);
  } catch {
    // The profile's switch shows where it stands and saves it again.
  }
}

/** Asks for permission, subscribes with the server's key and saves the subscription. */
export async function turnPushOn(): Promise<PushStatus> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const registration = await workerRegistration();
  if (!registration) return 'unavailable';
  const subscription =
    (await usableSubscription(registration)) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: await serverKey(),
    }));
  try {
    await saveSubscription(subscription);
  } catch (error) {
    // Not saved, not on: a browser subscribed with no owner would otherwise show on at the next
    // visit, or be saved for whoever signs in here next.
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  return 'on';
}

/** Forgets this browser on the server first, so a failure there leaves it on, not half off. */
export async function turnPushOff(): Promise<PushStatus> {
  const registration = await workerRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return 'off';
  try {
    await apiRequest('DELETE', '/push/subscriptions', { endpoint: subscription.endpoint });
  } catch (error) {
    // Already gone on the server (the push service expired it): only the browser's copy is left.
    if (!(error instanceof ApiError && error.statusCode === 404)) throw error;
  }
  await subscription.unsubscribe();
  return 'off';
}

/**
 * A session that ended elsewhere (expired, a password changed on another device): the notices in
 * the tray go, so the next person at this device does not read them; the subscription stays with
 * the rider who made it, saved again when they sign in here (another rider's sign-in drops it).
 */
export async function clearShownNotices(registration?: ServiceWorkerRegistration): Promise<void> {
  if (!isPushSupported()) return;
  const worker = registration ?? (await navigator.serviceWorker.getRegistration());
  for (const shown of (await worker?.getNotifications()) ?? []) shown.close();
}

/**
 * On log out: this browser stops receiving the rider's pushes at once (the server drops the
 * subscriptions of a session that ended), and the notices already shown leave the tray, where on
 * a shared device they would tell the next person the rider's trips and co-riders.
 */
export async function forgetPushOnThisDevice(): Promise<void> {
  if (!isPushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  await clearShownNotices(registration);
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
  localStorage.removeItem(OWNER_KEY);
}
