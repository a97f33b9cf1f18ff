import toast from '../../../lib/notify';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { serverMessageOr } from '../../../lib/api-client';
import { useBlockRider } from '../api/safety-api';

/** The block and the report dialogs, for one rider. */
export type SafetyDialogProps = {
  isOpen: boolean;
  riderId: string;
  name: string;
  /** After the block or report went through, before the dialog closes. */
  onDone: () => void;
  onClose: () => void;
};

export function BlockDialog({ isOpen, riderId, name, onDone, onClose }: SafetyDialogProps) {
  const { mutateAsync, isPending } = useBlockRider();
  const block = async () => {
    try {
      toast.success(await mutateAsync(riderId));
      onDone();
      onClose();
    } catch (error) {
      toast.error(serverMessageOr(error, 'Could not block this rider. Please try again.'));
    }
  };
  return (
    <Modal isOpen={isOpen} title={`Block ${name}?`} onClose={onClose} isBusy={isPending}>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>Neither of you will see the other in potential matches.</li>
        <li>
          Match requests between you are declined, a shared ride still ahead is cancelled (from a
          cab of three, you leave it), and your chat closes.
        </li>
        <li>
          {name} is not told of the block: a shared ride it ends shows to them as one you cancelled
          or left. You can unblock on your profile.
        </li>
      </ul>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={isPending}>
          Cancel
        </Button>
        <Button
          variant="danger"
          onClick={() => void block()}
          isLoading={isPending}
          loadingText="Blocking..."
        >
          Block
        </Button>
      </div>
    </Modal>
  );
}
