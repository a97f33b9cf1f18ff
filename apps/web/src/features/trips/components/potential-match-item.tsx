import toast from '../../../lib/notify';
import type { PotentialMatch } from '@aeropool/contract/rides';
import { Button } from '../../../components/ui/button';
import { useSendMatchRequest } from '../api/send-match-request';
import { MATCH_TOASTS } from '../trip-toasts';
import { cabRiderNames, cabText, fareText, fitText, riderName } from '../utils/trip-route';
import { RiderSummary } from './rider-summary';
import { RiderTrust } from './rider-trust';
import { RiderSafetyActions } from '../../safety/components/rider-safety-actions';
import { serverMessageOr } from '../../../lib/api-client';
import { useFocusStaysNearby } from '../../../lib/use-focus-stays-nearby';

/** `myTime`: the viewer's own trip time, to date a pickup on another day. */
type Props = { match: PotentialMatch; myRequestId: string; myTime: number };

export function PotentialMatchItem({ match, myRequestId, myTime }: Props) {
  // Sending moves this off the list (to Outgoing): focus stays near, not on <body>.
  const itemRef = useFocusStaysNearby<HTMLLIElement>();
  const { mutateAsync, isPending } = useSendMatchRequest();

  // mutateAsync, not mutate's callbacks: the item leaves the list as the refetch lands, and
  // callbacks of an unmounted observer never run, so the toast would be lost.
  const send = async () => {
    try {
      await mutateAsync({ fromRequest: myRequestId, toRequest: match._id });
      toast.success(MATCH_TOASTS.sent);
    } catch (error) {
      toast.error(serverMessageOr(error, MATCH_TOASTS.failed));
    }
  };

  return (
    <li
      ref={itemRef}
      className="flex flex-col gap-3 rounded-xl bg-slate-50 p-3 sm:flex-row sm:items-center"
    >
      <RiderSummary
        request={match}
        matchPercentage={match.matchPercentage}
        distance={match.distance}
        notes={[
          ...(match.cab ? [cabText(match.cab)] : []),
          fareText(match.fare, match.fit.saving),
          fitText(match.fit, match.direction, myTime),
        ]}
      >
        {match.cab ? (
          // Everyone one would share the cab with, each with what the first rider shows.
          <ul aria-label="Also in this cab" className="mt-2 flex flex-col gap-1">
            {match.cab.riders.slice(1).map((other) => (
              <li key={other._id} className="text-sm">
                <span className="font-medium wrap-anywhere text-slate-900">
                  {riderName(other.rider)}
                </span>
                <RiderTrust rider={other.rider} />
              </li>
            ))}
          </ul>
        ) : null}
      </RiderSummary>
      <div className="flex flex-col items-stretch gap-1 sm:items-end">
        <Button
          onClick={() => void send()}
          isLoading={isPending}
          loadingText="Sending..."
          className="sm:w-auto"
        >
          {match.cab ? 'Ask to Join' : 'Send Request'}{' '}
          {/* Every card has this button: a screen reader's list of buttons names whose it is. */}
          <span className="sr-only">
            {match.cab ? cabRiderNames(match.cab) : riderName(match.rider)}
          </span>
        </Button>
        <RiderSafetyActions rider={match.rider} canReport={false} className="sm:justify-end" />
      </div>
    </li>
  );
}
