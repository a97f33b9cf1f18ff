import type { ReactNode } from 'react';

type Props = { title: string; text: string; action?: ReactNode };

/** An empty list: a small illustration (a cab on the airport road), what goes here, what to do. */
export function EmptyState({ title, text, action }: Props) {
  return (
    <div className="flex flex-col items-center rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200">
      <svg viewBox="0 0 160 96" width="160" height="96" aria-hidden="true">
        <rect x="0" y="76" width="160" height="6" rx="3" fill="#e2e8f0" />
        <path d="M20 79h20M60 79h20M100 79h20M140 79h12" stroke="#fff" strokeWidth="2" />
        <path
          d="M118 14l28-10-4 5 6 1-3 3-8-1-6 6h-4l3-7-7-1z"
          fill="#93c5fd"
          transform="rotate(-8 130 10)"
        />
        <rect x="38" y="44" width="84" height="26" rx="8" fill="#1d4ed8" />
        <path d="M54 44l10-16h32l10 16z" fill="#3b82f6" />
        <path d="M62 42l6-10h10v10zM82 42V32h10l6 10z" fill="#dbeafe" />
        <rect x="72" y="20" width="16" height="8" rx="2" fill="#facc15" />
        <circle cx="58" cy="72" r="8" fill="#0f172a" />
        <circle cx="102" cy="72" r="8" fill="#0f172a" />
        <circle cx="58" cy="72" r="3" fill="#cbd5e1" />
        <circle cx="102" cy="72" r="3" fill="#cbd5e1" />
      </svg>
      <p className="mt-4 text-lg font-semibold text-slate-900">{title}</p>
      <p className="mt-1 max-w-sm text-sm text-slate-600">{text}</p>
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
