import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAudit } from '../api/desk-api';
import { formatDateTime } from '../../../lib/format-time';

/** Every operator action, newest first: who, what, on what, why and when. */
export function AuditLog() {
  const audit = useAudit();
  const entries = audit.data?.pages.flat() ?? [];
  return (
    <section aria-labelledby="audit-title" className="flex flex-col gap-3">
      <h2 id="audit-title" className="text-lg font-semibold text-slate-900">
        Audit log
      </h2>
      {audit.isPending ? (
        <Spinner label="Loading audit log…" />
      ) : audit.isError && entries.length === 0 ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load the audit log.
        </p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-slate-600">No operator actions yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl ring-1 ring-slate-200">
          <table className="w-full min-w-[40rem] bg-white text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  When
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Operator
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Action
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Detail
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {entries.map((entry) => (
                <tr key={entry._id}>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(entry.createdAt)}</td>
                  <td className="px-3 py-2">{entry.operator}</td>
                  <td className="px-3 py-2">
                    {entry.action}
                    <span className="block text-xs text-slate-500">{entry.target}</span>
                  </td>
                  <td className="px-3 py-2">{entry.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {audit.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load older actions.
        </p>
      ) : null}
      {audit.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => void audit.fetchNextPage()}
          isLoading={audit.isFetchingNextPage}
          loadingText="Loading older actions..."
        >
          Show older actions
        </Button>
      ) : null}
    </section>
  );
}
