import { lazy, Suspense } from 'react';
import { AppLink } from '../../../components/navigation/navigation';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';

/** The form's code did not arrive (offline before it was cached); the browser keeps the failure. */
function TicketFormUnavailable() {
  return (
    <p role="alert" className="text-red-700">
      The ticket form could not be loaded. Check your connection, then reload the page.
    </p>
  );
}

// Only a signed-in rider sees the form: a visitor's first load of /support does without it and
// the schemas it validates with (issue 7).
const SupportTicketForm = lazy(() =>
  import('./support-ticket-form').then(
    (module) => ({ default: module.SupportTicketForm }),
    () => ({ default: TicketFormUnavailable }),
  ),
);

/** Spec §6: only a signed-in rider can raise a ticket; others are pointed to the login page. */
export function SupportTicketSection() {
  const session = useSession();
  return (
    <section
      aria-labelledby="support-ticket-title"
      className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="support-ticket-title" className="text-2xl font-bold tracking-tight text-slate-900">
        Submit a Support Ticket
      </h2>
      <p className="mt-2 text-slate-600">
        Tell us what went wrong and we will get back to you by e-mail.
      </p>
      <div className="mt-6">
        {session ? (
          <Suspense fallback={<Spinner />}>
            <SupportTicketForm />
          </Suspense>
        ) : (
          <div className="flex flex-col items-start gap-4 rounded-2xl bg-slate-50 p-5 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-slate-700">Please log in to submit a support ticket.</p>
            <AppLink
              to="/login"
              className="inline-flex min-h-11 shrink-0 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              Log in to submit a ticket
            </AppLink>
          </div>
        )}
      </div>
    </section>
  );
}
