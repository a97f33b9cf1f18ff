import type { PushPayload } from '@aeropool/contract/push';

// TypeScript's DOM lib leaves renotify out (only Chromium acts on it; other browsers ignore it).
type NotificationOptionsWithRenotify = NotificationOptions & { renotify?: boolean };

export type PushNotification = { title: string; options: NotificationOptionsWithRenotify };

const FALLBACK_PATH = '/dashboard';

/**
 * The address a notification opens: an address of the app at `origin`, never another site's. The
 * parsed result is checked, not the text: "/\\evil.example" reads as a path yet parses as another
 * host. An address of the app itself passes as it is, so reading it twice (on push, then on
 * click) keeps it; before, the second read sent every click to /dashboard.
 */
export function appUrl(path: unknown, origin: string): string {
  const fallback = new URL(FALLBACK_PATH, origin).href;
  if (typeof path !== 'string') return fallback;
  try {
    const url = new URL(path, origin);
    return url.origin === origin ? url.href : fallback;
  } catch {
    return fallback;
  }
}

/**
 * What the service worker shows for a push; `url` is the app address a click opens. A notice
 * with a tag replaces the one before it with that tag (a chat's next message), and renotify has
 * the replacement sound and vibrate again as a new message should. Browsers reject renotify
 * without a tag, so an untagged push has neither.
 */
export function pushNotificationOf(payload: Partial<PushPayload>, url: string): PushNotification {
  const tag = typeof payload.tag === 'string' && payload.tag !== '' ? payload.tag : undefined;
  return {
    // Browsers require a visible notification for every push, so even a garbled one shows something.
    title: payload.title ?? 'AeroPool',
    options: {
      body: payload.body ?? 'You have a new notification.',
      icon: '/icons/icon-192.png',
      data: { url },
      ...(tag === undefined ? {} : { tag, renotify: true }),
    },
  };
}

type AppWindow = { url: string; focused: boolean };

/**
 * Which open window of the app a notification's click goes to, and whether it must load `url`:
 * one already showing it is only focused (a reload there would lose what is being typed), else
 * the focused one, else the first; none, and a new window opens.
 */
export function windowFor<W extends AppWindow>(
  windows: readonly W[],
  url: string,
  origin: string,
): { window: W; navigate: boolean } | null {
  const ours = windows.filter((client) => new URL(client.url).origin === origin);
  const showing = ours.find((client) => client.url === url);
  if (showing) return { window: showing, navigate: false };
  const chosen = ours.find((client) => client.focused) ?? ours[0];
  return chosen ? { window: chosen, navigate: true } : null;
}
