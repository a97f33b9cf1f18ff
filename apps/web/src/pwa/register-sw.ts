/**
 * Registers the service worker (src/pwa/sw.ts, issue 9) in production builds, once the page has
 * loaded so it never competes with the first paint; imported for this effect by main.tsx. In
 * development there is none: Vite serves unbundled modules that a precache would only make stale.
 */
import { watchForUpdates } from './service-worker-update';

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    // Without it the app still works, only not offline; nothing for the rider to act on.
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(watchForUpdates)
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
