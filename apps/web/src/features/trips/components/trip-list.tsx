import type { RideRequest } from '@aeropool/contract/rides';
import { Button } from '../../../components/ui/button';
import { CardSkeletons } from '../../../components/ui/skeleton';
import { EmptyState } from '../../../components/ui/empty-state';
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
  if (query.isError) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
        <p className="text-slate-700">Your trips could not be loaded.</p>
        <Button
          variant="secondary"
          onClick={() => void query.refetch()}
          isLoading={query.isFetching}
          loadingText="Retrying..."
        >
          Retry
        </Button>
      </div>
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
      {query.data.map(({ rideRequest, match, myRatings }) => (
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
            <RequestCard request={rideRequest} onEdit={onEdit} onCancel={onCancel} />
          )}
        </li>
      ))}
    </ul>
  );
}
