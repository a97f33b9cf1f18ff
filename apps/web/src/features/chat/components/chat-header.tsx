import { tripLabel } from '../../trips/utils/trip-route';
import { Link } from 'react-router';
import type { Rider } from '@aeropool/contract/accounts';
import type { RideRequest } from '@aeropool/contract/rides';
import { RiderSafetyActions } from '../../safety/components/rider-safety-actions';
import { RiderAvatar, RiderTrust } from '../../trips/components/rider-trust';
import { CHAT_TEXTS } from '../chat-texts';
import type { ConnectionState } from '../hooks/use-connection-state';
import { formatTripMoment } from '../utils/chat-time';
import { ConnectionPill } from './connection-pill';
import { EmergencyActions } from '../../trip-share/components/emergency-actions';

type Props = {
  /** Co-riders' names ('Asha R.'); empty while unknown. */
  coRiders: string[];
  /** The co-riders with their trust signals, once the match has loaded. */
  coRiderProfiles: Rider[];
  /** The trip is still loading: a placeholder rather than a title that changes a moment later. */
  isLoading: boolean;
  /** This rider's own request in the match: its route and time head the chat. */
  ownRequest: RideRequest | null;
  connection: ConnectionState;
  now: number;
  /** A co-rider blocked or reported from here: the chat is closed for this rider. */
  onBlocked?: () => void;
};

const joinNames = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} & ${names.at(-1)}`;

/** Who the chat is with, which trip it is about, and whether messages are getting through. */
export function ChatHeader({
  coRiders,
  coRiderProfiles,
  isLoading,
  ownRequest,
  connection,
  now,
  onBlocked,
}: Props) {
  return (
    <header className="shrink-0 border-b border-slate-200 bg-white">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-1 px-3 py-2.5 sm:px-6">
        <div className="flex items-center justify-between gap-3">
          <Link
            to="/dashboard"
            className="-ml-2 inline-flex min-h-9 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <span aria-hidden="true">←</span>
            {CHAT_TEXTS.backToTrips}
          </Link>
          <ConnectionPill state={connection} />
        </div>
        {/* Focusable for where focus goes when a co-rider's row leaves (blocked or reported). */}
        <h1 tabIndex={-1} className="truncate text-lg font-bold text-slate-900 focus:outline-none">
          {coRiders.length > 0 ? (
            joinNames(coRiders)
          ) : isLoading ? (
            <>
              <span className="sr-only">Trip chat</span>
              <span
                aria-hidden="true"
                className="my-1 block h-5 w-40 rounded bg-slate-200 motion-safe:animate-pulse"
              />
            </>
          ) : (
            'Trip chat'
          )}
        </h1>
        {ownRequest ? (
          // The time first: at phone width the line is cut, and the time is what a rider needs.
          <p className="truncate text-sm text-slate-600">
            <time dateTime={new Date(ownRequest.timeOfTravel).toISOString()}>
              {formatTripMoment(ownRequest.timeOfTravel, now)}
            </time>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            {ownRequest.source.name} → {ownRequest.destination.name}
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            {tripLabel(ownRequest)}
          </p>
        ) : null}
        {coRiderProfiles.length > 1 ? (
          // A cab of three: the riders' facts fold away, so the conversation keeps the screen.
          <details className="group">
            <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700">
              Your co-riders ({coRiderProfiles.length})
            </summary>
            <CoRiderRows riders={coRiderProfiles} onBlocked={onBlocked} />
          </details>
        ) : (
          <CoRiderRows riders={coRiderProfiles} onBlocked={onBlocked} />
        )}
        <EmergencyActions className="pt-1" />
      </div>
    </header>
  );
}

function CoRiderRows({
  riders,
  onBlocked,
}: {
  riders: Props['coRiderProfiles'];
  onBlocked: Props['onBlocked'];
}) {
  return riders.map((rider) => (
    <div key={rider._id} className="flex flex-wrap items-center justify-between gap-x-3">
      <div className="flex min-w-0 items-center gap-2">
        <RiderAvatar rider={rider} />
        <RiderTrust rider={rider} />
      </div>
      <RiderSafetyActions rider={rider} canReport className="-mr-2" onBlocked={onBlocked} />
    </div>
  ));
}
