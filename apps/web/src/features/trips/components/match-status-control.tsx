import { useId } from 'react';
import type { MatchStatus } from '@aeropool/contract/rides';
import { StatusBadge } from '../../../components/ui/status-badge';

type Props = {
  status: MatchStatus;
  /** Spec §9: Completed is offered on the Past tab only. */
  canComplete: boolean;
  isPending: boolean;
  onChoose: (status: 'Cancelled' | 'Completed') => void;
};

/**
 * Spec §4: an Active match can become Cancelled or (Past tab) Completed; the select stays on
 * Active until the confirmation or the ratings finish, and the list refetch moves it on.
 * Completed and Cancelled are final and show as badges.
 */
export function MatchStatusControl({ status, canComplete, isPending, onChoose }: Props) {
  const selectId = useId();
  if (status !== 'Active') return <StatusBadge status={status} label="Match status" />;

  const options: MatchStatus[] = canComplete
    ? ['Active', 'Cancelled', 'Completed']
    : ['Active', 'Cancelled'];
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
        Match status
      </label>
      <select
        id={selectId}
        value={status}
        disabled={isPending}
        onChange={(event) => {
          const next = event.target.value;
          if (next === 'Cancelled' || next === 'Completed') onChoose(next);
        }}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 shadow-sm outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100"
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
