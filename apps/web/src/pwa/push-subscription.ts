import type { PushPublicKey } from '@aeropool/contract/push';
import { api, apiRequest, ApiError } from '../lib/api-client';

/**
 * What this browser can do about Web Push for the signed-in rider (issue 9). `unavailable`: it
 * could, but no service worker is running (a development build, or one that failed to start).
 */
export type PushStatus = 'unsupported' | 'unavailable' | 'denied' | 'off' | 'on';

/** The service worker registers after the page loads; a development build never has one. */
const WORKER_WAIT_MS = 10_000;

export const isPushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

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

/** The server keeps subscriptions per rider; this one now belongs to whoever is signed in. */
const saveSubscription = (subscription: PushSubscription) =>
  api.post('/push/subscriptions', subscription.toJSON());

/**
 * Where this browser stands. A subscription the browser still holds is saved again for the
 * rider signed in now: the server may have dropped it, or it may have been another rider's.
 */
export async function readPushStatus(): Promise<PushStatus> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await workerRegistration();
  if (!registration) return 'unavailable';
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription || Notification.permission !== 'granted') return 'off';
  // The browser is subscribed whatever the answer; turning it on again would save it too.
  await saveSubscription(subscription).catch(() => undefined);
  return 'on';
}

/** Asks for permission, subscribes with the server's key and saves the subscription. */
export async function turnPushOn(): Promise<PushStatus> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const registration = await workerRegistration();
  if (!registration) return 'unavailable';
  const { entities } = await api.get<PushPublicKey>('/push/public-key');
  const serverKey = fromBase64Url(entities[0]!.publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with an older server key can no longer be pushed to.
  if (subscription && !isSameKey(subscription.options.applicationServerKey, serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: serverKey,
  });
  await saveSubscription(subscription);
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
 * On log out: this browser stops receiving the rider's pushes at once. The server drops the
 * subscription when the push service next answers that it is gone (410).
 */
export async function forgetPushOnThisDevice(): Promise<void> {
  if (!isPushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
