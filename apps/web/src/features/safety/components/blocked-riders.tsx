import toast from '../../../lib/notify';
import { Button } from '../../../components/ui/button';
import { CardSkeletons } from '../../../components/ui/skeleton';
import { serverMessageOr } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-time';
import { ProfileCard } from '../../accounts/components/profile-card';
import { riderName } from '../../trips/utils/trip-route';
import type { BlockedRider } from '@aeropool/contract/safety';
import { useFocusStaysNearby } from '../../../lib/use-focus-stays-nearby';
import { useBlockedRiders, useUnblockRider } from '../api/safety-api';

/** /profile: the riders I blocked, each with Unblock. */
export function BlockedRiders({ userId }: { userId: string }) {
  const blocked = useBlockedRiders(userId);
  const unblock = useUnblockRider();

  const lift = async (riderId: string) => {
    try {
      toast.success(await unblock.mutateAsync(riderId));
    } catch (error) {
      toast.error(serverMessageOr(error, 'Could not unblock. Please try again.'));
    }
  };

  let body;
  if (blocked.isPending) body = <CardSkeletons count={1} label="Loading blocked riders…" />;
  else if (blocked.isError)
    body = (
      <div role="alert" className="flex items-center gap-3 text-sm text-slate-700">
        Could not load your blocked riders.
        <Button variant="secondary" onClick={() => void blocked.refetch()}>
          Retry
        </Button>
      </div>
    );
  else if (blocked.data.length === 0)
    body = <p className="text-sm text-slate-600">You have not blocked anyone.</p>;
  else
    body = (
      <ul className="flex flex-col divide-y divide-slate-100">
        {blocked.data.map((rider) => (
          <BlockedRiderRow
            key={rider._id}
            rider={rider}
            isUnblocking={unblock.isPending && unblock.variables === rider._id}
            onUnblock={() => void lift(rider._id)}
          />
        ))}
      </ul>
    );

  return <ProfileCard title="Blocked riders">{body}</ProfileCard>;
}

/** One blocked rider; once unblocked the row goes, and focus goes to the card's heading. */
function BlockedRiderRow({
  rider,
  isUnblocking,
  onUnblock,
}: {
  rider: BlockedRider;
  isUnblocking: boolean;
  onUnblock: () => void;
}) {
  const rowRef = useFocusStaysNearby<HTMLLIElement>();
  const name = riderName(rider);
  return (
    <li ref={rowRef} className="flex items-center justify-between gap-3 py-2">
      <div className="min-w-0">
        <p className="font-medium wrap-anywhere text-slate-900">{name}</p>
        <p className="text-xs text-slate-500">Blocked on {formatDate(rider.blockedAt)}</p>
      </div>
      <Button
        variant="secondary"
        aria-label={`Unblock ${name}`}
        onClick={onUnblock}
        isLoading={isUnblocking}
        loadingText="Unblocking..."
      >
        Unblock
      </Button>
    </li>
  );
}
