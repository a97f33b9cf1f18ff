import { CONNECTION_LABELS } from '../chat-texts';
import type { ConnectionState } from '../hooks/use-connection-state';

const STYLES: Record<ConnectionState, { pill: string; dot: string }> = {
  connected: { pill: 'bg-emerald-50 text-emerald-800 ring-emerald-200', dot: 'bg-emerald-500' },
  connecting: { pill: 'bg-amber-50 text-amber-900 ring-amber-200', dot: 'bg-amber-500' },
  reconnecting: {
    pill: 'bg-amber-50 text-amber-900 ring-amber-200',
    dot: 'bg-amber-500 motion-safe:animate-pulse',
  },
  offline: { pill: 'bg-slate-100 text-slate-700 ring-slate-300', dot: 'bg-slate-400' },
};

/** The chat connection's state, announced politely when it changes. */
export function ConnectionPill({ state }: { state: ConnectionState }) {
  const style = STYLES[state];
  return (
    <p
      role="status"
      aria-live="polite"
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${style.pill}`}
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${style.dot}`} />
      {CONNECTION_LABELS[state]}
    </p>
  );
}
