import { Link } from 'react-router';
import { PageShell } from '../../components/layout/page-shell';
import { useRequireSession } from '../../lib/use-require-session';

/** My Trips is built with ride requests and matching; until then this page says so plainly. */
export function DashboardPage() {
  const session = useRequireSession();
  if (!session) return null;
  return (
    <PageShell>
      <main className="mx-auto w-full max-w-3xl px-4 py-12">
        <h1 className="text-3xl font-bold">My Trips</h1>
        <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-6">
          <p className="font-medium">
            Posting ride requests and finding co-passengers is coming soon.
          </p>
          <p className="mt-2 text-slate-600">
            Your account is ready. Meanwhile you can complete your{' '}
            <Link className="font-semibold text-brand-700 underline" to="/profile">
              profile
            </Link>{' '}
            or reach{' '}
            <Link className="font-semibold text-brand-700 underline" to="/support">
              support
            </Link>
            .
          </p>
        </div>
      </main>
    </PageShell>
  );
}
