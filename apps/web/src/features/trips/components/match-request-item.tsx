import { useIsMutating } from '@tanstack/react-query';
import toast from '../../../lib/notify';
import type { MatchRequest } from '@aeropool/contract/rides';
import { Button } from '../../../components/ui/button';
import { useCancelMatchRequest } from '../api/cancel-match-request';
import { respondKey, useRespondMatchRequest } from '../api/respond-match-request';
import { MATCH_TOASTS } from '../trip-toasts';
import { RiderSummary } from './rider-summary';
import { cabText, fareText, fitText, riderName } from '../utils/trip-route';
import { RiderSafetyActions } from '../../safety/components/rider-safety-actions';
import { StatusBadge } from '../../../components/ui/status-badge';
import { serverMessageOr } from '../../../lib/api-client';
import { useFocusStaysNearby } from '../../../lib/use-focus-stays-nearby';

type Props = {
  kind: 'incoming' | 'outgoing';
  matchRequest: MatchRequest;
  myRequestId: string;
  /** The viewer's own trip time, to date a pickup on another day. */
  myTime: number;
};

/** Spec §4: the recipient accepts or declines an incoming request; the sender cancels one. */
export function MatchRequestItem({ kind, matchRequest, myRequestId, myTime }: Props) {
  // Sending, answering or cancelling moves this off the list: focus stays near, not on <body>.
  const itemRef = useFocusStaysNearby<HTMLLIElement>();
  return (
    <li
      ref={itemRef}
      className="flex flex-col gap-3 rounded-xl bg-slate-50 p-3 sm:flex-row sm:items-center"
    >
      <RiderSummary
        request={matchRequest.requestId}
        // Declined, the fit says nothing any more (the other ride may have changed since).
        matchPercentage={matchRequest.status === 'Declined' ? null : matchRequest.matchPercentage}
        distance={matchRequest.distance}
        notes={figureNotes(matchRequest, myTime)}
      />
      <div className="flex flex-col items-stretch gap-1 sm:items-end">
        {kind === 'incoming' ? (
          <IncomingActions
            matchRequestId={matchRequest._id}
            myRequestId={myRequestId}
            riderName={riderName(matchRequest.requestId.rider)}
          />
        ) : (
          <OutgoingActions
            matchRequestId={matchRequest._id}
            myRequestId={myRequestId}
            status={matchRequest.status}
            riderName={riderName(matchRequest.requestId.rider)}
          />
        )}
        {/* Only a rider who reached out to you can be reported from here (decision 009). */}
        <RiderSafetyActions
          rider={matchRequest.requestId.rider}
          canReport={kind === 'incoming'}
          className="sm:justify-end"
        />
      </div>
    </li>
  );
}

/** The cab asked to join, and the viewer's own figures in the cab this request would make. */
const figureNotes = ({ cab, fare, fit, requestId }: MatchRequest, myTime: number) => [
  ...(cab ? [cabText(cab)] : []),
  ...(fare && fit ? [fareText(fare, fit.saving), fitText(fit, requestId.direction, myTime)] : []),
];

type ActionProps = { matchRequestId: string; myRequestId: string };

function IncomingActions({
  matchRequestId,
  myRequestId,
  riderName: name,
}: ActionProps & { riderName: string }) {
  const { mutateAsync, isPending, variables } = useRespondMatchRequest(myRequestId);
  // Another request to the same ride being answered: accepting it may make this one moot, so
  // both buttons wait (two accepts at once ended in a success and a 409).
  const isAnsweringAny = useIsMutating({ mutationKey: respondKey(myRequestId) }) > 0;

  // Awaited rather than mutate's callbacks: accepting replaces this card with a match card,
  // and callbacks of an unmounted observer never run.
  const respond = async (isAccepted: boolean) => {
    try {
      await mutateAsync({ requestId: myRequestId, matchRequestId, isAccepted });
      toast.success(isAccepted ? MATCH_TOASTS.accepted : MATCH_TOASTS.declined);
    } catch (error) {
      toast.error(serverMessageOr(error, MATCH_TOASTS.failed));
    }
  };

  return (
    <div className="flex gap-2">
      <Button
        onClick={() => void respond(true)}
        isLoading={isPending && variables?.isAccepted === true}
        loadingText="Accepting..."
        disabled={isAnsweringAny}
        className="flex-1 sm:flex-none"
      >
        {/* Named for the rider, as several asks can be listed at once; the visible text first. */}
        Accept <span className="sr-only">{name}</span>
      </Button>
      <Button
        variant="secondary"
        onClick={() => void respond(false)}
        isLoading={isPending && variables?.isAccepted === false}
        loadingText="Declining..."
        disabled={isAnsweringAny}
        className="flex-1 sm:flex-none"
      >
        Decline <span className="sr-only">{name}</span>
      </Button>
    </div>
  );
}

function OutgoingActions({
  matchRequestId,
  myRequestId,
  status,
  riderName: name,
}: ActionProps & { status: string; riderName: string }) {
  const { mutateAsync, isPending } = useCancelMatchRequest();

  const cancel = async () => {
    try {
      await mutateAsync({ requestId: myRequestId, matchRequestId });
    } catch (error) {
      toast.error(serverMessageOr(error, MATCH_TOASTS.failed));
    }
  };

  // A decline is shown as it is, with nothing to act on (issue 9).
  if (status !== 'Pending') return <StatusBadge status={status} label="Request status" />;
  return (
    <div className="flex items-center gap-3">
      <StatusBadge status={status} label="Request status" />
      <Button
        variant="secondary"
        onClick={() => void cancel()}
        isLoading={isPending}
        loadingText="Cancelling..."
        className="flex-1 sm:flex-none"
      >
        Cancel <span className="sr-only">request to {name}</span>
      </Button>
    </div>
  );
}
