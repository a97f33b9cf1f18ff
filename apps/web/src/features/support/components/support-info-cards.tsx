import { PRODUCT_NAME } from '@aeropool/contract/product';

const cardClass = 'rounded-3xl border border-slate-200 bg-white p-6 shadow-sm';
const titleClass = 'text-lg font-semibold text-slate-900';

// Spec §2, support hours; all times are the city's (IST).
const SUPPORT_HOURS = [
  { days: 'Monday to Friday', hours: '9 AM to 8 PM' },
  { days: 'Saturday', hours: '10 AM to 6 PM' },
  { days: 'Sunday', hours: 'emergency only' },
];

export function SupportHoursCard() {
  return (
    <section aria-labelledby="support-hours-title" className={cardClass}>
      <h2 id="support-hours-title" className={titleClass}>
        Support Hours
      </h2>
      <ul className="mt-4 flex flex-col divide-y divide-slate-100 text-sm">
        {SUPPORT_HOURS.map((row) => (
          <li key={row.days} className="flex justify-between gap-4 py-2.5">
            <span className="font-medium text-slate-700">{row.days}</span>{' '}
            <span className="text-right text-slate-600">{row.hours}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-slate-500">All times are India Standard Time (IST).</p>
    </section>
  );
}

export function EmergencyContactCard({ supportEmail }: { supportEmail: string }) {
  return (
    <section
      id="emergency-contact"
      aria-labelledby="emergency-contact-title"
      className="rounded-3xl border border-rose-200 bg-linear-to-br from-rose-50 to-white p-6 shadow-sm"
    >
      <h2 id="emergency-contact-title" className={titleClass}>
        Emergency Contact
      </h2>
      <p className="mt-3 text-sm leading-6 text-slate-600">
        A co-passenger has not turned up, or something on a trip feels wrong? E-mail us with URGENT
        in the subject and we will answer it first, Sundays included.
      </p>
      <a
        href={`mailto:${supportEmail}`}
        className="mt-4 inline-flex max-w-full items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-semibold break-words text-rose-700 ring-1 ring-rose-200 hover:bg-rose-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-600"
      >
        {supportEmail}
      </a>
      <p className="mt-4 text-sm font-medium text-slate-800">
        If you or anyone else is in danger, call 112 (India&apos;s emergency number) first.
      </p>
    </section>
  );
}

/** Anchored as 'contact' because the footer's Cancellation Policy link points there (spec §2). */
export function CancellationPolicyCard() {
  return (
    <section id="contact" aria-labelledby="cancellation-policy-title" className={cardClass}>
      <h2 id="cancellation-policy-title" className={titleClass}>
        Cancellation Policy
      </h2>
      <div className="mt-3 flex flex-col gap-3 text-sm leading-6 text-slate-600">
        <p>
          You can cancel a ride request from My Trips in the app until its time, and a match from
          its trip card. Please tell your co-passenger in the chat as early as you can; they may be
          counting on sharing the fare.
        </p>
        <p>
          {PRODUCT_NAME} charges nothing for its service, so there is nothing to refund. Any fare
          you agreed to share is settled directly between riders.
        </p>
      </div>
    </section>
  );
}
