import { Link } from 'react-router';
import { PageShell } from '../../components/layout/page-shell';

export function NotFoundPage() {
  return (
    <PageShell>
      <main className="flex flex-1 flex-col items-center justify-center gap-5 bg-linear-to-b from-brand-50 to-white px-6 py-24 text-center">
        <p className="bg-linear-to-br from-brand-500 to-indigo-600 bg-clip-text text-8xl font-extrabold tracking-tight text-transparent">
          404
        </p>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Oops! Page not found.</h1>
        <p className="max-w-md text-slate-600">
          The page you are looking for has moved or never existed. Let&apos;s get you back on your
          way.
        </p>
        <Link
          to="/"
          className="mt-2 inline-flex min-h-11 items-center rounded-xl bg-brand-700 px-6 py-2 font-semibold text-white shadow-lg shadow-brand-700/25 hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          Go back home
        </Link>
      </main>
    </PageShell>
  );
}
