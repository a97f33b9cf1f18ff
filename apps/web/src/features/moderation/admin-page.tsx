import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  CASE_KINDS,
  CASE_STATUSES,
  type CaseKind,
  type CaseStatus,
} from '@aeropool/contract/moderation';
import { PageShell } from '../../components/layout/page-shell';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select-field';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { NotFoundPage } from '../errors/not-found-page';
import { DESK_TITLE, NOT_FOUND_TITLE } from '../../app/page-titles';
import { useQueue } from './api/desk-api';
import { AuditLog } from './components/audit-log';
import { CaseCard } from './components/case-card';

const pick = <T extends string>(value: string | null, options: readonly T[]) =>
  options.find((option) => option === value);

/**
 * /admin, the moderation desk (issue 8). The server answers 404 to anyone who is not an operator,
 * and so does this page: it shows the not-found page, never a hint that a desk exists. Until the
 * queue has answered once, nothing of the desk shows (a busy server's 503 does not tell who asks).
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
  // Once the queue has answered, the visitor is an operator: a filter failing later keeps the desk.
  const [hasAnswered, setHasAnswered] = useState(false);
  useEffect(() => {
    if (queue.isSuccess) setHasAnswered(true);
  }, [queue.isSuccess]);
  const isKnownOperator = isOperator && (hasAnswered || queue.isSuccess);

  useEffect(() => {
    document.title = isKnownOperator ? DESK_TITLE : NOT_FOUND_TITLE;
  }, [isKnownOperator]);

  if (!isOperator) return <NotFoundPage />;
  if (!isKnownOperator) {
    return (
      <PageShell>
        <main className="flex flex-1 items-center justify-center p-6">
          {queue.isError ? (
            <RetryAlert text="Could not load this page." onRetry={() => void queue.refetch()} />
          ) : (
            <Spinner label="Loading…" />
          )}
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
          <SelectField
            label="Kind"
            value={kind ?? ''}
            onChange={(event) => setFilter('kind', event.target.value)}
            options={[
              { value: '', label: 'Reports and tickets' },
              { value: 'report', label: 'Reports' },
              { value: 'ticket', label: 'Tickets' },
            ]}
          />
          <SelectField
            label="Status"
            value={status ?? 'all'}
            onChange={(event) => setFilter('status', event.target.value)}
            options={['Open', 'Resolved', { value: 'all', label: 'All' }]}
          />
        </div>
        {queue.isError ? (
          <RetryAlert text="Could not load the queue." onRetry={() => void queue.refetch()} />
        ) : !queue.data ? (
          <Spinner label="Loading…" />
        ) : queue.data.cases.length === 0 ? (
          <p className="rounded-xl bg-white p-6 text-center text-slate-600 ring-1 ring-slate-200">
            Nothing in the queue. Well done.
          </p>
        ) : (
          <div className="flex flex-col gap-4">
            {queue.data.total > queue.data.cases.length ? (
              <p role="status" className="text-sm text-slate-600">
                {status === 'Open'
                  ? `Showing the ${queue.data.cases.length} longest waiting of ${queue.data.total} open cases.`
                  : `Showing the newest ${queue.data.cases.length} of ${queue.data.total} cases.`}
              </p>
            ) : null}
            {queue.data.cases.map((entry) => (
              <CaseCard key={entry._id} entry={entry} />
            ))}
          </div>
        )}
        <AuditLog />
      </main>
    </PageShell>
  );
}

function RetryAlert({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex items-center gap-3 text-slate-700">
      {text}
      <Button variant="secondary" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
