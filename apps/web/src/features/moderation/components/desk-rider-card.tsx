import type { DeskRider } from '@aeropool/contract/moderation';
import { formatDateTime } from '../../../lib/format-time';
import { plural } from '../../../lib/plural';

type Props = {
  role: string;
  rider: DeskRider;
  disabled?: boolean;
  /** Left out where this operator may not decide (a case about themselves): no button. */
  onSuspend?: () => void;
  onLift?: () => void;
};

/** One rider of a case: who, how others rate them, reports against them, recent matches. */
export function DeskRiderCard({ role, rider, disabled = false, onSuspend, onLift }: Props) {
  return (
    <div className="rounded-xl bg-slate-50 p-3 text-sm">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{role}</p>
      <p className="font-semibold [overflow-wrap:anywhere] text-slate-900">
        {rider.name} <span className="font-normal text-slate-600">&lt;{rider.email}&gt;</span>
      </p>
      <p className="text-slate-700">
        {rider.ratingCount > 0
          ? `★ ${rider.averageRating.toFixed(1)} (${rider.ratingCount} ratings)`
          : 'No ratings yet'}
        {' · '}
        {reportsText(rider.reportCount, rider.reporterCount)}
      </p>
      {rider.suspended ? (
        <p className="mt-1 font-medium text-red-700">Suspended: {rider.suspensionReason}</p>
      ) : null}
      {rider.recentMatches.length > 0 ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-slate-600">
            Recent matches ({rider.recentMatches.length})
          </summary>
          <ul className="mt-1 list-disc pl-5 text-slate-700">
            {rider.recentMatches.map((match) => (
              <li key={match.matchId}>
                {formatDateTime(match.timeOfTravel)} · {match.status} · with{' '}
                {match.coRiders.join(', ')}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {(rider.suspended ? onLift : onSuspend) ? (
        <button
          type="button"
          disabled={disabled}
          onClick={rider.suspended ? onLift : onSuspend}
          className="mt-2 min-h-11 rounded-lg disabled:cursor-not-allowed disabled:opacity-60 px-3 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600"
        >
          {rider.suspended ? `Lift suspension of ${rider.name}` : `Suspend ${rider.name}`}
        </button>
      ) : null}
    </div>
  );
}

/** '3 reports', or '5 reports from 1 rider' when one rider reported more than once. */
export const reportsText = (reports: number, reporters: number): string =>
  plural(reports, 'report', 'reports') +
  (reporters < reports ? ` from ${plural(reporters, 'rider', 'riders')}` : '');
