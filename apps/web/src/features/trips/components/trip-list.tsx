import type { RideRequest } from '@aeropool/contract/rides';
import { Button } from '../../../components/ui/button';
import { CardSkeletons } from '../../../components/ui/skeleton';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { useTrips } from '../api/get-trips';
import { useRefetchWhenATripStarts } from '../hooks/use-refetch-when-a-trip-starts';
import type { TripTab } from '../api/trip-keys';
import { useErrorToast } from '../hooks/use-error-toast';
import { TRIPS_TOASTS } from '../trip-toasts';
import { MatchCard } from './match-card';
import { RequestCard } from './request-card';

type Props = {
  userId: string;
  tab: TripTab;
  onEdit: (request: RideRequest) => void;
  onCancel: (request: RideRequest) => void;
  onCreate: () => void;
};

/** Spec §4: which trips a tab holds is the server's call; a trip with a match is a match card. */
export function TripList({ userId, tab, onEdit, onCancel, onCreate }: Props) {
  const query = useTrips(userId, tab);
  useRefetchWhenATripStarts(tab === 'upcoming' ? query.data : undefined, query.refetch);
  useErrorToast(query.isError, query.errorUpdatedAt, TRIPS_TOASTS.fetchTripsFailed, `trips-${tab}`);

  if (query.isPending) return <CardSkeletons label="Loading trips…" />;
  // A refresh that fails keeps what was loaded (its toast says so); only a first load that
  // failed has nothing to show.
  if (query.isLoadingError) {
    return (
      <LoadError
        message="Your trips could not be loaded."
        isRetrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) {
    return tab === 'upcoming' ? (
      <EmptyState
        title="No trips found"
        text="Create a ride request to find co-passengers for your airport trip."
        action={<Button onClick={onCreate}>Post a ride request</Button>}
      />
    ) : (
      <EmptyState
        title="No trips found"
        text="Trips you have taken or that have expired will show here."
      />
    );
  }

  return (
    <ul className="flex flex-col gap-4">
      {query.data.map(({ rideRequest, match, myRatings, cancelledTripLinkMatchId }) => (
        <li key={match ? `${match._id}-${rideRequest._id}` : rideRequest._id}>
          {match ? (
            <MatchCard
              request={rideRequest}
              match={match}
              myRatings={myRatings}
              userId={userId}
              isPastTab={tab === 'past'}
            />
          ) : (
            <RequestCard
              request={rideRequest}
              cancelledTripLinkMatchId={cancelledTripLinkMatchId}
              onEdit={onEdit}
              onCancel={onCancel}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
