import { Link } from 'react-router';
import { PageShell } from '../../components/layout/page-shell';

/** Chat arrives after matching; this page is honest about it instead of showing an empty room. */
export function ChatPage() {
  return (
    <PageShell>
      <main className="mx-auto w-full max-w-3xl px-4 py-12">
        <h1 className="text-3xl font-bold">Chat</h1>
        <p className="mt-4 text-slate-600">
          Chatting with matched riders is not available yet. It arrives together with ride matching.
        </p>
        <Link className="mt-6 inline-block font-semibold text-brand-700 underline" to="/dashboard">
          Back to My Trips
        </Link>
      </main>
    </PageShell>
  );
}
