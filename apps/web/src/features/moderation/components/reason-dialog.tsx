import { useState, type FormEvent } from 'react';
import { suspensionReasonSchema } from '@aeropool/contract/safety';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';

type Props = {
  title: string;
  /** Shown to the rider when they sign in (suspension), or kept in the audit log (lift). */
  hint: string;
  confirmText: string;
  isPending: boolean;
  onConfirm: (reason: string) => Promise<boolean>;
  onClose: () => void;
};

/** Suspending or lifting always carries a reason: the audit log and the rider both see it. */
export function ReasonDialog({ title, hint, confirmText, isPending, onConfirm, onClose }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = suspensionReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    if (await onConfirm(parsed.data)) onClose();
  };
  return (
    <Modal isOpen title={title} onClose={onClose} isBusy={isPending}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <TextField
          label="Reason"
          value={reason}
          hint={hint}
          error={error}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" isLoading={isPending} loadingText="Saving...">
            {confirmText}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
