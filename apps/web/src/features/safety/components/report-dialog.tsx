import { useState, type FormEvent } from 'react';
import toast from '../../../lib/notify';
import {
  REPORT_DESCRIPTION_MAX_LENGTH,
  REPORT_REASONS,
  type ReportReason,
} from '@aeropool/contract/safety-rules';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { serverMessageOr } from '../../../lib/api-client';
import { useReportRider } from '../api/safety-api';
import type { SafetyDialogProps } from './block-dialog';

// The schema comes with the first use of the form, not with the pages that offer it (issue 7).
const loadSchemas = () => import('@aeropool/contract/safety');
const SEND_FAILED = 'Could not send the report. Please try again.';

export function ReportDialog({ isOpen, riderId, name, onDone, onClose }: SafetyDialogProps) {
  const [reason, setReason] = useState<ReportReason>(REPORT_REASONS[0]);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string>();
  const { mutateAsync, isPending } = useReportRider();

  const close = () => {
    setReason(REPORT_REASONS[0]);
    setDescription('');
    setError(undefined);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let schemas: Awaited<ReturnType<typeof loadSchemas>>;
    try {
      schemas = await loadSchemas();
    } catch {
      toast.error(SEND_FAILED);
      return;
    }
    const parsed = schemas.reportBodySchema.safeParse({ userId: riderId, reason, description });
    if (!parsed.success) {
      setError(parsed.error.issues.find((i) => i.path[0] === 'description')?.message);
      return;
    }
    try {
      toast.success(await mutateAsync(parsed.data), { duration: 8000 });
      onDone();
      close();
    } catch (failure) {
      toast.error(serverMessageOr(failure, SEND_FAILED));
    }
  };

  return (
    <Modal isOpen={isOpen} title={`Report ${name}`} onClose={close} isBusy={isPending}>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        onFocus={() => void loadSchemas().catch(() => undefined)}
        className="flex flex-col gap-4"
      >
        <SelectField
          label="Reason"
          options={REPORT_REASONS}
          value={reason}
          onChange={(event) => setReason(event.target.value as ReportReason)}
        />
        <TextAreaField
          label="What happened?"
          value={description}
          maxLength={REPORT_DESCRIPTION_MAX_LENGTH}
          error={error}
          onChange={(event) => {
            setDescription(event.target.value);
            setError(undefined);
          }}
        />
        <p className="text-sm text-slate-600">
          Our team reviews every report. Reporting also blocks {name}. If you are in danger, call
          112.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" isLoading={isPending} loadingText="Sending...">
            Send report
          </Button>
        </div>
      </form>
    </Modal>
  );
}
