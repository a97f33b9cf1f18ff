import { useId, useState } from 'react';
import { useFocusStaysNearby } from '../../../lib/use-focus-stays-nearby';
import toast from '../../../lib/notify';
import { Link } from 'react-router';
import type { Rider } from '@aeropool/contract/accounts';
import type { Match, Rating, RideRequest } from '@aeropool/contract/rides';
import { isConflict } from '../api/refresh-after-trip-write';
import { useUpdateMatchStatus } from '../api/update-match-status';
import { coPassengerRatingsOf } from '../utils/co-passenger-ratings';
import { MATCH_TOASTS } from '../trip-toasts';
import { RouteMap } from '../../../components/map/route-map';
import {
  cityPlaceOf,
  coPassengerRequestsOf,
  fareText,
  fitText,
  riderName,
  tripLabel,
  routePolylineOf,
  routeText,
  terminalNameOf,
  terminalPlaceOf,
} from '../utils/trip-route';
import { CancelMatchModal } from './cancel-match-modal';
import { CompleteMatchModal } from './complete-match-modal';
import { MatchStatusControl } from './match-status-control';
import { MatchedRiders } from './matched-riders';
import { MatchRequestItem } from './match-request-item';
import { RatingModal } from './rating-modal';
import { TripTime } from './trip-time';
import { DirectionIcon } from './direction-icon';
import { EmergencyActions } from '../../trip-share/components/emergency-actions';
import { ShareTripPanel } from '../../trip-share/components/share-trip-panel';
import { isTripShareOver } from '@aeropool/contract/trip-share-messages';
import { serverMessageOr } from '../../../lib/api-client';

type Props = {
  request: RideRequest;
  match: Match;
  /** The ratings this rider gave on the match (Past tab). */
  myRatings?: Rating[];
  userId: string;
  isPastTab: boolean;
};

/** The rider's own route's two ends first and last (RouteMap's convention), co-riders' ends between. */
function routePoints(request: RideRequest, others: RideRequest[]) {
  const terminal = terminalPlaceOf(request);
  const mine = cityPlaceOf(request);
  const stops = others.map((other) => ({
    ...cityPlaceOf(other),
    label: `${riderName(other.rider)}: ${cityPlaceOf(other).name}`,
  }));
  const terminalPoint = { ...terminal, label: terminalNameOf(terminal) };
  const minePoint = { ...mine, label: mine.name };
  return request.direction === 'drop'
    ? [terminalPoint, ...stops, minePoint]
    : [minePoint, ...stops, terminalPoint];
}

type RatingTask = { riders: Rider[]; completesMatch: boolean };

/** A matched trip (spec §2): route, co-riders, Chat Now, status and ratings. */
export function MatchCard({ request, match, myRatings, userId, isPastTab }: Props) {
  const headingId = useId();
  const [ratingTask, setRatingTask] = useState<RatingTask | null>(null);
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);
  const [isConfirmingComplete, setIsConfirmingComplete] = useState(false);
  const statusMutation = useUpdateMatchStatus();
  // Ratings are taken after the trip, which is what puts it on the Past tab (server clock); of a
  // match cancelled then, only its canceller is still rated, by the others.
  const canRate =
    isPastTab &&
    (match.status !== 'Cancelled' ||
      (match.cancelledAfterTripBy !== undefined && match.cancelledAfterTripBy !== userId));
  const coPassengers = coPassengerRatingsOf(coPassengerRequestsOf(match, userId), myRatings);

  const setStatus = async (status: 'Cancelled' | 'Completed', alsoCancelMyRequest = false) => {
    try {
      await statusMutation.mutateAsync({ matchId: match._id, status, alsoCancelMyRequest });
      setIsConfirmingCancel(false);
      setIsConfirmingComplete(false);
    } catch (error) {
      toast.error(serverMessageOr(error, MATCH_TOASTS.failed));
      // The match changed meanwhile: the card now shows it as it is; every retry would fail so.
      if (isConflict(error)) {
        setIsConfirmingCancel(false);
        setIsConfirmingComplete(false);
      }
    }
  };

  const choose = (status: 'Cancelled' | 'Completed') => {
    if (status === 'Cancelled') {
      setIsConfirmingCancel(true);
      return;
    }
    // Spec §4: Completed only after every co-passenger is rated; rate the rest first. With all
    // rated, the rider confirms: a keyboard's arrows on the select apply what they only pass.
    const unrated = coPassengers.filter((entry) => !entry.rating).map((e) => e.request.rider);
    if (unrated.length === 0) setIsConfirmingComplete(true);
    else setRatingTask({ riders: unrated, completesMatch: true });
  };

  const isBusy = statusMutation.isPending;
  // Completed or cancelled, the status select becomes a badge: focus stays on the card, and
  // goes to the list's heading if the card leaves the tab.
  const cardRef = useFocusStaysNearby<HTMLElement>(match.status);
  // A dialog's opener (the status select, Rate Now) may be gone once it has done its work.
  const cardHeading = () => document.getElementById(headingId);

  return (
    <article
      ref={cardRef}
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Matched</p>
          <h3 id={headingId} className="mt-1 text-base font-semibold text-slate-900">
            <DirectionIcon direction={request.direction} className="mr-1.5" />
            {tripLabel(request)}
          </h3>
          <TripTime ms={request.timeOfTravel} className="mt-1 block text-sm text-slate-600" />
        </div>
        <MatchStatusControl
          status={match.status}
          canComplete={isPastTab}
          isPending={isBusy}
          onChoose={choose}
        />
      </div>

      <div className="mt-4 grid gap-4 sm:grid-cols-[15rem_1fr]">
        <RouteMap
          className="h-40 w-full sm:h-44"
          ariaLabel={`Route map: ${routeText(request)}`}
          encodedPath={routePolylineOf(request)}
          points={routePoints(request, coPassengerRequestsOf(match, userId))}
        />
        <div className="flex flex-col gap-4">
          <MatchedRiders
            coPassengers={coPassengers}
            canRate={canRate}
            cannotRateText={
              isPastTab || match.status === 'Cancelled' ? undefined : 'Rate after the trip'
            }
            onRate={(entry) =>
              setRatingTask({ riders: [entry.request.rider], completesMatch: false })
            }
          />
          {match.status === 'Active' && match.fare && match.fit ? (
            <div className="text-sm text-slate-700">
              <p>{fareText(match.fare, match.fit.saving)}</p>
              <p>{fitText(match.fit, request.direction, request.timeOfTravel)}</p>
            </div>
          ) : null}
          {match.joinRequests?.length ? (
            <section aria-labelledby={`${headingId}-asks`}>
              <h4 id={`${headingId}-asks`} className="text-sm font-semibold text-slate-900">
                Asking to join your cab
              </h4>
              <ul className="mt-2 flex flex-col gap-2">
                {match.joinRequests.map((ask) => (
                  <MatchRequestItem
                    key={ask._id}
                    kind="incoming"
                    matchRequest={ask}
                    myRequestId={request._id}
                    myTime={request.timeOfTravel}
                  />
                ))}
              </ul>
            </section>
          ) : null}
          <Link
            to={`/chat/${encodeURIComponent(match._id)}`}
            className="inline-flex min-h-11 items-center justify-center self-start rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white transition hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            Chat Now
          </Link>
          {/* Still Active on Past for ratings, long after the trip: a link would be refused. */}
          {isTripShareOver(request.timeOfTravel, Date.now()) ? null : (
            <ShareTripPanel matchId={match._id} isEnded={match.status !== 'Active'} />
          )}
          {match.status === 'Active' ? <EmergencyActions /> : null}
        </div>
      </div>

      <CancelMatchModal
        isOpen={isConfirmingCancel}
        isPending={statusMutation.isPending}
        cabGoesOn={match.requests.length > 2}
        // The rider's own time, not the tab: a match moves to Past at its last rider's time, and
        // the server reopens only a ride whose time is still ahead.
        isAfterTrip={isPastTab || request.timeOfTravel <= Date.now()}
        onBack={() => setIsConfirmingCancel(false)}
        returnFocusTo={cardHeading}
        onConfirm={(alsoCancelMyRequest) => void setStatus('Cancelled', alsoCancelMyRequest)}
      />
      <CompleteMatchModal
        isOpen={isConfirmingComplete}
        isPending={statusMutation.isPending}
        onBack={() => setIsConfirmingComplete(false)}
        onConfirm={() => void setStatus('Completed')}
        returnFocusTo={cardHeading}
      />
      <RatingModal
        isOpen={ratingTask !== null}
        matchId={match._id}
        userId={userId}
        riders={ratingTask?.riders ?? []}
        onClose={() => setRatingTask(null)}
        returnFocusTo={cardHeading}
        onRated={() => {
          const completesMatch = ratingTask?.completesMatch ?? false;
          setRatingTask(null);
          if (completesMatch) void setStatus('Completed');
        }}
      />
    </article>
  );
}
