import type { ReactNode } from 'react';
import type { RideRequest } from '@aeropool/contract/rides';
import { formatDistance } from '../../../lib/format-distance';
import { riderName, routeText } from '../utils/trip-route';
import { RiderAvatar, RiderTrust } from './rider-trust';
import { TripTime } from './trip-time';
import { WomenOnlyChip } from './women-only-chip';

type Props = {
  request: RideRequest;
  /** Null where the fit no longer matters (a declined request). */
  matchPercentage: number | null;
  distance: number;
  /** Extra facts under the chips, one line each, e.g. the fare estimate. */
  notes?: string[];
  /** Shown last, e.g. the other riders of a cab. */
  children?: ReactNode;
};

/**
 * What the percentage measures (docs/matching.md), for who hovers or reads it out: the cab's
 * figure, the same for each of its riders, two or three.
 */
const MATCH_MEANING =
  'how much sharing one cab saves each rider against riding alone, less for the longest detour of any of them and for waiting';

/**
 * Who the other rider is, their trip (its terminal too: a cab that collects at both terminals
 * takes longer), when, and how well it fits.
 */
export function RiderSummary({ request, matchPercentage, distance, notes = [], children }: Props) {
  return (
    <div className="flex min-w-0 flex-1 gap-3">
      <RiderAvatar rider={request.rider} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold wrap-anywhere text-slate-900">{riderName(request.rider)}</p>
        <RiderTrust rider={request.rider} />
        <p className="text-sm break-words text-slate-700">{routeText(request)}</p>
        <TripTime ms={request.timeOfTravel} className="block text-sm text-slate-600" />
        <div className="mt-2 flex flex-wrap gap-1.5 text-xs font-semibold">
          {matchPercentage === null ? null : (
            <>
              <span
                className="rounded-full bg-emerald-50 px-2 py-0.5 text-emerald-800"
                title={MATCH_MEANING}
              >
                {matchPercentage}% match
              </span>
              <span className="sr-only">{MATCH_MEANING}</span>
            </>
          )}
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">
            {formatDistance(distance)} apart
          </span>
          {request.womenOnly ? <WomenOnlyChip /> : null}
        </div>
        {notes.map((note, i) => (
          <p key={note} className={`${i === 0 ? 'mt-2 ' : ''}text-sm text-slate-700`}>
            {note}
          </p>
        ))}
        {children}
      </div>
    </div>
  );
}
