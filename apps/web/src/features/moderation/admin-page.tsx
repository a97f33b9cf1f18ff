import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import {
  CASE_KINDS,
  CASE_STATUSES,
  type CaseKind,
  type CaseStatus,
} from '@aeropool/contract/moderation';
import { PageShell } from '../../components/layout/page-shell';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { NotFoundPage } from '../errors/not-found-page';
import { useQueue } from './api/desk-api';
import { AuditLog } from './components/audit-log';
import { CaseCard } from './components/case-card';

const pick = <T extends string>(value: string | null, options: readonly T[]) =>
  options.find((option) => option === value);

const filterClass =
  'min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-100';

/**
 * /admin, the moderation desk (issue 8). The server answers 404 to anyone who is not an operator,
 * and so does this page: it shows the not-found page, never a hint that a desk exists.
 */
export function AdminPage() {
  const [params, setParams] = useSearchParams();
  const kind = pick<CaseKind>(params.get('kind'), CASE_KINDS);
  // Open cases by default: that is the work waiting.
  const status =
    params.get('status') === 'all'
      ? undefined
      : (pick<CaseStatus>(params.get('status'), CASE_STATUSES) ?? 'Open');
  const queue = useQueue({ kind, status });
  const isOperator = !(queue.error instanceof ApiError && queue.error.statusCode === 404);

  useEffect(() => {
    if (queue.isSuccess) document.title = 'Moderation desk · AeroPool';
  }, [queue.isSuccess]);

  if (!isOperator) return <NotFoundPage />;
  if (queue.isPending) {
    return (
      <PageShell>
        <main className="flex flex-1 items-center justify-center p-6">
          <Spinner label="Loading…" />
        </main>
      </PageShell>
    );
  }

  const setFilter = (name: 'kind' | 'status', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <PageShell>
      <main className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold text-slate-900">Moderation desk</h1>
        <div className="flex flex-wrap gap-3" role="group" aria-label="Filter the queue">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Kind
            <select
              className={filterClass}
              value={kind ?? ''}
              onChange={(event) => setFilter('kind', event.target.value)}
            >
              <option value="">Reports and tickets</option>
              <option value="report">Reports</option>
              <option value="ticket">Tickets</option>
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Status
            <select
              className={filterClass}
              value={status ?? 'all'}
              onChange={(event) => setFilter('status', event.target.value)}
            >
              <option value="Open">Open</option>
              <option value="Resolved">Resolved</option>
              <option value="all">All</option>
            </select>
          </label>
        </div>
        {queue.isError ? (
          <div role="alert" className="flex items-center gap-3 text-slate-700">
            Could not load the queue.
            <Button variant="secondary" onClick={() => void queue.refetch()}>
              Retry
            </Button>
          </div>
        ) : queue.data.length === 0 ? (
          <p className="rounded-xl bg-white p-6 text-center text-slate-600 ring-1 ring-slate-200">
            Nothing in the queue. Well done.
          </p>
        ) : (
          <div className="flex flex-col gap-4">
            {queue.data.map((entry) => (
              <CaseCard key={entry._id} entry={entry} />
            ))}
          </div>
        )}
        <AuditLog />
      </main>
    </PageShell>
  );
}
