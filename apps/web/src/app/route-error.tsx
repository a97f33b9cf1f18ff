import { Link } from 'react-router';

/** Shown when a page fails to load (for example a chunk after a deploy) instead of a blank screen. */
export function RouteError() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong loading this page.</h1>
      <div className="flex gap-3">
        <button
          type="button"
          className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
          onClick={() => window.location.reload()}
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
