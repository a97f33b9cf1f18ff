import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

type Props = {
  isOpen: boolean;
  isPending: boolean;
  onBack: () => void;
  onConfirm: () => void;
  returnFocusTo?: () => HTMLElement | null;
};

/**
 * Completed is final, and a native select applies a value a keyboard user only moved past (arrow
 * keys, End, typing), so with every co-rider already rated (no rating modal to stand between)
 * the rider confirms it here. Focus starts on Go Back.
 */
export function CompleteMatchModal({ isOpen, isPending, onBack, onConfirm, returnFocusTo }: Props) {
  return (
    <Modal
      isOpen={isOpen}
      title="Mark this trip Completed?"
      onClose={onBack}
      isBusy={isPending}
      returnFocusTo={returnFocusTo}
    >
      <p className="text-sm text-slate-600">
        You have rated every co-rider. Completed is final: the trip can no longer be cancelled.
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack} disabled={isPending}>
          Go Back
        </Button>
        <Button onClick={onConfirm} isLoading={isPending} loadingText="Saving...">
          Yes, Mark Completed
        </Button>
      </div>
    </Modal>
  );
}
