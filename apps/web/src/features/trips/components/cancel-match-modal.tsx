import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

type Props = { isOpen: boolean; isPending: boolean; onBack: () => void; onConfirm: () => void };

/** Spec §4: cancelling a match asks first. */
export function CancelMatchModal({ isOpen, isPending, onBack, onConfirm }: Props) {
  return (
    <Modal isOpen={isOpen} title="Cancel this ride?" onClose={onBack}>
      <p className="text-sm text-slate-600">
        The match ends for everyone on it and your co-passengers will see it as Cancelled. This
        cannot be undone.
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack} disabled={isPending}>
          Go Back
        </Button>
        <Button
          variant="danger"
          onClick={onConfirm}
          isLoading={isPending}
          loadingText="Cancelling..."
        >
          Yes, Cancel Ride
        </Button>
      </div>
    </Modal>
  );
}
