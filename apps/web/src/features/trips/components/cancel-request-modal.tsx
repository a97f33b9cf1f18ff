import toast from '../../../lib/notify';
import type { RideRequest } from '@aeropool/contract/rides';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useCancelRideRequest } from '../api/cancel-ride-request';
import { isConflict } from '../api/refresh-after-trip-write';
import { RIDE_REQUEST_TOASTS } from '../trip-toasts';
import { routeText } from '../utils/trip-route';
import { TripTime } from './trip-time';
import { isServerAnswer } from '../../../lib/api-client';

type Props = { request: RideRequest | null; onClose: () => void };

/** Spec §2 cancel confirmation; §8 texts for each outcome. */
export function CancelRequestModal({ request, onClose }: Props) {
  const { mutateAsync, isPending } = useCancelRideRequest();

  const confirm = async () => {
    if (!request) return;
    try {
      await mutateAsync(request._id);
      toast.success(RIDE_REQUEST_TOASTS.cancelled);
      onClose();
    } catch (error) {
      toast.error(
        isServerAnswer(error)
          ? RIDE_REQUEST_TOASTS.cancelFailed
          : RIDE_REQUEST_TOASTS.cancelException,
      );
      // Expired or matched while the dialog was open: trying again cannot work.
      if (isConflict(error)) onClose();
    }
  };

  return (
    <Modal
      isOpen={request !== null}
      title="Cancel this ride request?"
      onClose={isPending ? () => undefined : onClose}
    >
      {request ? (
        <p className="text-sm text-slate-600">
          <span className="font-semibold text-slate-900">{routeText(request)}</span>
          <br />
          <TripTime ms={request.timeOfTravel} />
          <br />
          Riders you sent match requests to will no longer see them.
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={isPending}>
          Keep Request
        </Button>
        <Button
          variant="danger"
          onClick={() => void confirm()}
          isLoading={isPending}
          loadingText="Cancelling..."
        >
          Yes, Cancel Request
        </Button>
      </div>
    </Modal>
  );
}
