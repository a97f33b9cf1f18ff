import { PageShell } from '../../components/layout/page-shell';
import { useScrollToHash } from '../../components/layout/scroll-to-section';
import { usePublicConfig } from '../../lib/public-config';
import { FaqSection } from './components/faq-section';
import {
  CancellationPolicyCard,
  EmergencyContactCard,
  SupportHoursCard,
} from './components/support-info-cards';
import { SupportTicketSection } from './components/support-ticket-section';

/** Spec §2, Support: FAQ, ticket form, emergency e-mail, hours; anchors faq, emergency-contact, contact. */
export function SupportPage() {
  useScrollToHash();
  const { supportEmail } = usePublicConfig();

  return (
    <PageShell>
      <main className="flex-1 bg-slate-50">
        <div className="border-b border-slate-200 bg-linear-to-b from-brand-50 to-slate-50">
          <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
            <p className="text-sm font-semibold tracking-[0.16em] text-brand-700 uppercase">
              Help centre
            </p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              Support
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-slate-600">
              Quick answers, a ticket form and the ways to reach us. We reply to every message by
              e-mail.
            </p>
          </div>
        </div>
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_22rem]">
          <div className="flex min-w-0 flex-col gap-10">
            <FaqSection />
            <SupportTicketSection />
          </div>
          <div className="flex flex-col gap-6">
            <SupportHoursCard />
            <EmergencyContactCard supportEmail={supportEmail} />
            <CancellationPolicyCard />
          </div>
        </div>
      </main>
    </PageShell>
  );
}
