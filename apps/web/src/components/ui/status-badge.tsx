const TONES: Record<string, string> = {
  Active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  Pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  Matched: 'bg-brand-50 text-brand-800 ring-brand-100',
  Completed: 'bg-brand-50 text-brand-800 ring-brand-100',
  Cancelled: 'bg-red-50 text-red-700 ring-red-200',
  Declined: 'bg-red-50 text-red-700 ring-red-200',
  Expired: 'bg-slate-100 text-slate-600 ring-slate-200',
  // Moderation cases.
  Open: 'bg-amber-50 text-amber-800 ring-amber-200',
  Resolved: 'bg-slate-100 text-slate-600 ring-slate-200',
};

type Props = { status: string; label?: string };

/** A read-only status pill (trips and desk cases); label gives screen readers the context the colour gives the eye. */
export function StatusBadge({ status, label }: Props) {
  const tone = TONES[status] ?? TONES.Expired;
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}
    >
      {label ? <span className="sr-only">{label}: </span> : null}
      <span>{status}</span>
    </span>
  );
}
