import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

type Props = {
  isOpen: boolean;
  isPending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Spec §2: deactivation asks first; the caller runs the request and leaves the page. */
export function DeactivateDialog({ isOpen, isPending, onCancel, onConfirm }: Props) {
  return (
    <Modal isOpen={isOpen} title="Deactivate your account?" onClose={onCancel} isBusy={isPending}>
      <p className="text-sm text-slate-600">
        You will be signed out and your account will be deactivated.
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button
          variant="danger"
          onClick={onConfirm}
          isLoading={isPending}
          loadingText="Deactivating..."
        >
          Yes, deactivate
        </Button>
      </div>
    </Modal>
  );
}
