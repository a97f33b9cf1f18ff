import { useId } from 'react';
import { formatIndianMobile } from '@aeropool/contract/phone-format';
import type { CoPassengerRating } from '../utils/co-passenger-ratings';
import { riderName, routeText } from '../utils/trip-route';
import { RiderAvatar, RiderTrust } from './rider-trust';
import { RiderSafetyActions } from '../../safety/components/rider-safety-actions';
import { Stars } from './stars';

type Props = {
  coPassengers: CoPassengerRating[];
  /** The server takes ratings after the trip (Past tab) and not for a cancelled match. */
  canRate: boolean;
  /** Why rating is not offered yet, shown in place of Rate Now; nothing when empty. */
  cannotRateText?: string;
  onRate: (entry: CoPassengerRating) => void;
};

/** Spec §2: each co-passenger with Rate Now, or the stars already given (read-only). */
export function MatchedRiders({ coPassengers, canRate, cannotRateText, onRate }: Props) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h4 id={titleId} className="text-sm font-semibold text-slate-900">
        Matched Riders
      </h4>
      {coPassengers.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No other riders on this match.</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {coPassengers.map((entry) => (
            <li
              key={entry.request._id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-50 p-3"
            >
              <div className="flex min-w-0 gap-3">
                <RiderAvatar rider={entry.request.rider} />
                <div className="min-w-0">
                  <p className="font-semibold wrap-anywhere text-slate-900">
                    {riderName(entry.request.rider)}
                  </p>
                  <RiderTrust rider={entry.request.rider} />
                  {/* Their terminal too: a cab that collects at both takes longer. */}
                  <p className="text-sm break-words text-slate-600">{routeText(entry.request)}</p>
                  {entry.request.rider.phone ? (
                    // Shared only while the match is Active, to find each other at the kerb.
                    <a
                      href={`tel:${entry.request.rider.phone}`}
                      className="text-sm font-medium text-brand-700 underline underline-offset-2"
                    >
                      Call {formatIndianMobile(entry.request.rider.phone)}
                    </a>
                  ) : null}
                  <RiderSafetyActions rider={entry.request.rider} canReport className="-ml-2" />
                </div>
              </div>
              {entry.rating || canRate ? (
                <RatingCell entry={entry} onRate={onRate} />
              ) : cannotRateText ? (
                <span className="text-sm text-slate-500">{cannotRateText}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RatingCell({ entry, onRate }: { entry: CoPassengerRating; onRate: Props['onRate'] }) {
  if (entry.isLoading) return <span className="text-sm text-slate-500">Checking rating…</span>;
  if (entry.rating) return <Stars value={entry.rating.rating} />;
  return (
    <button
      type="button"
      onClick={() => onRate(entry)}
      // Named for the rider (a cab of three has one per co-rider), the visible text first.
      aria-label={`Rate Now, ${riderName(entry.request.rider)}`}
      disabled={entry.isError}
      className="min-h-11 rounded-lg px-3 text-sm font-semibold text-brand-700 ring-1 ring-brand-100 transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
    >
      Rate Now
    </button>
  );
}
