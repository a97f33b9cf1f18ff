/// <reference lib="webworker" />
// The service worker (issue 9), built by vite-plugin-pwa (injectManifest) into dist/sw.js.
import type { PushPayload } from '@aeropool/contract/push';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { appUrl, pushNotificationOf, windowFor } from './push-notification';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
};

const OFFLINE_PAGE = '/offline.html';
/** A proxy in front (deploy/nginx.conf) answers these when the app behind it is down. */
const SERVER_DOWN = new Set([502, 503, 504]);

// The build's static files only (scripts, styles, icons, the offline page; see vite.config.ts).
// Nothing else is cached: API answers carry personal data and socket.io is live, so neither is
// ever routed here, and pages come from the network because each path has its own HTML.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The page's "Reload" on a new build (service-worker-update.ts): this worker takes over at once,
// instead of when every tab of the old build has closed.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // The page request starts while the worker boots instead of after it.
  event.waitUntil(self.registration.navigationPreload?.enable() ?? Promise.resolve());
});

registerRoute(
  new NavigationRoute(
    async ({ request, event }) => {
      try {
        const preloaded = (await (event as FetchEvent).preloadResponse) as Response | undefined;
        const response = preloaded ?? (await fetch(request));
        if (!SERVER_DOWN.has(response.status)) return response;
      } catch {
        // No network, or the server is down: the offline page below.
      }
      return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
    },
    { denylist: [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/] },
  ),
);

function readPayload(event: PushEvent): Partial<PushPayload> {
  try {
    return (event.data?.json() ?? {}) as Partial<PushPayload>;
  } catch {
    return {};
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const { title, options } = pushNotificationOf(payload, appUrl(payload.url, self.location.origin));
  event.waitUntil(self.registration.showNotification(title, options));
});

async function openApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const target = windowFor(windows, url, self.location.origin);
  if (!target) {
    await self.clients.openWindow(url);
    return;
  }
  const focused = await target.window.focus();
  if (!target.navigate) return;
  // navigate() works on windows this worker controls; any other gets a new window.
  const navigated = await focused.navigate(url).catch(() => null);
  if (!navigated) await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  event.waitUntil(openApp(appUrl(url, self.location.origin)));
});
