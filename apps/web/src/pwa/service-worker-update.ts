import { reloadPage } from '../lib/reload-page';

/** A long-open app never navigates: it asks for a new build this often while it is shown. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

const announce = (worker: ServiceWorker) => {
  waiting = worker;
  for (const listener of listeners) listener();
};

/**
 * Watches for a new build's service worker, installed and waiting while this page's worker still
 * serves the old build (an installed app left open for days keeps running it against a newer
 * API). The first install of a browser replaces nothing and is not announced.
 */
export function watchForUpdates(registration: ServiceWorkerRegistration): void {
  const check = () => {
    if (registration.waiting && navigator.serviceWorker.controller) announce(registration.waiting);
  };
  check();
  // Another tab pressed Reload: the new build's worker now serves this tab too, whose old build
  // may ask for files the server no longer has. The banner offers the reload here as well.
  const hadController = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController && navigator.serviceWorker.controller)
      announce(navigator.serviceWorker.controller);
  });
  const track = (installing: ServiceWorker | null) =>
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') check();
    });
  // Opening the page checks for a new build: after a deploy its worker may be installing before
  // this runs (register() resolves after 'load'), and its 'updatefound' has already passed.
  track(registration.installing);
  registration.addEventListener('updatefound', () => track(registration.installing));
  window.setInterval(() => {
    if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
}

/** Whether a new build is waiting; `onUpdateReady` tells when one starts to. */
export const isUpdateWaiting = () => waiting !== null;

export function onUpdateReady(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Lets the new build's worker take over, then reloads into the new build. Another tab may have
 * done so already: then only the reload is left.
 */
export function applyUpdate(): void {
  if (!waiting || waiting.state !== 'installed') {
    reloadPage();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => reloadPage(), {
    once: true,
  });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
