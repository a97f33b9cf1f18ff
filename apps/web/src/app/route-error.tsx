import { useEffect } from 'react';
import { Link } from 'react-router';
import { reloadPage } from '../lib/reload-page';

/**
 * Shown when a page fails to load (for example a chunk after a deploy, or a page not yet cached
 * when the network went) instead of a blank screen. Offline, it says so and loads the page again
 * by itself once the browser is back online.
 */
export function RouteError() {
  const isOffline = typeof navigator !== 'undefined' && !navigator.onLine;

  useEffect(() => {
    if (!isOffline) return;
    const reload = () => reloadPage();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [isOffline]);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">
        {isOffline ? 'You are offline.' : 'Something went wrong loading this page.'}
      </h1>
      {isOffline && <p className="text-slate-600">This page will load when you are back online.</p>}
      <div className="flex gap-3">
        <button
          type="button"
          className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
          onClick={() => reloadPage()}
        >
          Reload
        </button>
        <Link className="rounded-lg border border-slate-300 px-4 py-2 font-medium" to="/">
          Go home
        </Link>
      </div>
    </main>
  );
}
