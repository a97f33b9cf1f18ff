import { directionLabel } from '@aeropool/contract/ride-rules';
import { DirectionIcon } from '../trips/components/direction-icon';
import { useParams } from 'react-router';
import { TERMINALS } from '@aeropool/contract/terminals';
import type { SharedTrip } from '@aeropool/contract/trip-share';
import {
  TRIP_SHARE_HOURS_AFTER_TRIP,
  TRIP_SHARE_MESSAGES,
} from '@aeropool/contract/trip-share-messages';
import { PageShell } from '../../components/layout/page-shell';
import { CardSkeletons } from '../../components/ui/skeleton';
import { serverMessageOr } from '../../lib/api-client';
import { formatTripTime } from '../../lib/format-time';
import { PhoneVerifiedBadge } from '../../components/ui/phone-verified-badge';
import { isLinkGone, useSharedTrip } from './api/trip-share';
import { EmergencyActions } from './components/emergency-actions';

const STATUS_TEXT: Record<SharedTrip['status'], { label: string; tone: string }> = {
  Active: {
    label: 'Matched: sharing a cab',
    tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  },
  Completed: { label: 'Trip completed', tone: 'bg-slate-100 text-slate-700 ring-slate-200' },
  Cancelled: { label: 'Match cancelled', tone: 'bg-amber-50 text-amber-800 ring-amber-200' },
};

const terminalName = (id: SharedTrip['terminal']) =>
  TERMINALS.find((terminal) => terminal.id === id)?.name ?? id;

/**
 * /trip/{token}: what a rider shared with family, without sign-in and kept current (the status
 * is polled). Not indexed: the server sends X-Robots-Tag and the page a robots meta tag.
 */
export function SharedTripPage() {
  const { token = '' } = useParams();
  const trip = useSharedTrip(token);
  return (
    <PageShell>
      <meta name="robots" content="noindex, nofollow" />
      {/* PageShell's own wrapper is the skip link's #page-content. */}
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-6 px-4 py-10">
        {trip.isPending ? (
          <CardSkeletons count={1} label="Loading the trip…" />
        ) : trip.data && !isLinkGone(trip.error) ? (
          <>
            <SharedTripCard trip={trip.data} />
            {trip.isError && (
              <p role="status" className="text-center text-sm text-amber-800">
                Could not refresh the trip just now. Trying again…
              </p>
            )}
          </>
        ) : (
          <section className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
            <h1 className="text-xl font-bold text-slate-900">Trip link unavailable</h1>
            <p className="mt-2 text-slate-600">
              {isLinkGone(trip.error)
                ? serverMessageOr(trip.error, TRIP_SHARE_MESSAGES.gone)
                : 'We could not load this trip. Trying again…'}
            </p>
          </section>
        )}
      </main>
    </PageShell>
  );
}

function SharedTripCard({ trip }: { trip: SharedTrip }) {
  const status = STATUS_TEXT[trip.status];
  const terminal = terminalName(trip.terminal);
  // A drop runs airport → city (the spec's form), a pickup city → airport.
  const route =
    trip.direction === 'drop'
      ? `From ${terminal}, Kempegowda International Airport to ${trip.cityEnd}`
      : `From ${trip.cityEnd} to ${terminal}, Kempegowda International Airport`;
  return (
    <article
      aria-labelledby="shared-trip-title"
      className="flex flex-col gap-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-col gap-2">
        <h1 id="shared-trip-title" className="text-2xl font-bold text-slate-900">
          {trip.riderFirstName}’s airport trip
        </h1>
        <p className="flex items-center gap-1.5 text-sm font-semibold text-brand-800">
          <DirectionIcon direction={trip.direction} />
          {directionLabel(trip.direction, trip.terminal)}
        </p>
        <p
          role="status"
          className={`w-fit rounded-full px-3 py-1 text-sm font-semibold ring-1 ${status.tone}`}
        >
          {status.label}
        </p>
      </div>
      <dl className="grid gap-3 text-sm">
        <div>
          <dt className="font-medium text-slate-500">Route</dt>
          <dd className="text-slate-900">{route}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Time (IST)</dt>
          <dd className="text-slate-900">
            <time dateTime={new Date(trip.timeOfTravel).toISOString()}>
              {formatTripTime(trip.timeOfTravel)}
            </time>
          </dd>
        </div>
        {trip.coRiders.length > 0 ? (
          <div>
            <dt className="font-medium text-slate-500">Sharing the cab with</dt>
            <dd>
              <ul className="mt-1 flex flex-col gap-1">
                {trip.coRiders.map((rider, index) => (
                  <li key={index} className="flex flex-wrap items-center gap-2 text-slate-900">
                    {rider.firstName}
                    {rider.phoneVerified ? <PhoneVerifiedBadge /> : null}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
      <EmergencyActions />
      <p className="text-xs text-slate-500">
        {trip.status === 'Cancelled'
          ? `${trip.riderFirstName} can turn the link off at any time; it stops working ${TRIP_SHARE_HOURS_AFTER_TRIP} hours after the trip, or sooner if the ride is changed.`
          : `This page updates by itself. ${trip.riderFirstName} can turn the link off at any time; it stops working ${TRIP_SHARE_HOURS_AFTER_TRIP} hours after the trip.`}
      </p>
    </article>
  );
}
