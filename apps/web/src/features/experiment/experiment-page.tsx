import { PageShell } from '../../components/layout/page-shell';

export function ExperimentPage() {
  return (
    <PageShell>
      <main className="mx-auto max-w-3xl px-4 py-16">
        <h1 className="text-3xl font-bold">Location search experiment</h1>
        <p className="mt-4 text-slate-600">
          This developer page, which compares two location-search services side by side, arrives
          with ride requests and matching. It is not built yet.
        </p>
      </main>
    </PageShell>
  );
}
