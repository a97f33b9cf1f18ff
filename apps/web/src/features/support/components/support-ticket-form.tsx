import { useRef, useState, type FormEvent } from 'react';
import toast from '../../../lib/notify';
import { z } from 'zod';
import {
  SUPPORT_DESCRIPTION_MAX_LENGTH,
  SUPPORT_SUBJECT_MAX_LENGTH,
} from '@aeropool/contract/limits';
import {
  SUPPORT_CATEGORIES,
  supportTicketBodySchema,
  type SupportCategory,
} from '@aeropool/contract/support';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { serverMessageOr } from '../../../lib/api-client';
import { useSubmitSupportTicket } from '../api/submit-support-ticket';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';

type Values = { subject: string; category: SupportCategory; description: string };
type Errors = Partial<Record<'subject' | 'description', string>>;

// Spec §9: Payment Issues is the default category.
const EMPTY: Values = { subject: '', category: 'Payment Issues', description: '' };

export function SupportTicketForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [ticketNumber, setTicketNumber] = useState<string | null>(null);
  const [refusal, setRefusal] = useState('');
  const { run: submitTicket, isPending: isSubmitting } = useSubmitSupportTicket();
  const formRef = useRef<HTMLFormElement>(null);
  // After the errors render, so the field is read out with its message.
  const focusFirstError = useFocusFirstError(formRef);

  const update = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // A message about a field goes away as soon as the rider starts fixing it.
    if (key in errors) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The server validates with the same schema, so its messages and ours agree (spec §5).
    const parsed = supportTicketBodySchema.safeParse(values);
    if (!parsed.success) {
      const { fieldErrors } = z.flattenError(parsed.error);
      const next: Errors = {
        subject: fieldErrors.subject?.[0],
        description: fieldErrors.description?.[0],
      };
      setErrors(next);
      focusFirstError();
      return;
    }
    setTicketNumber(null);
    setRefusal('');
    submitTicket(parsed.data).then(
      (ticket) => {
        toast.success('Support ticket submitted successfully!');
        setValues(EMPTY);
        setErrors({});
        setTicketNumber(ticket?.ticketNumber ?? null);
      },
      (error: unknown) => {
        toast.error('Failed to submit support ticket.');
        // The spec's toast says only that it failed; the server's words say why (how long to
        // wait, or that it is busy for a moment).
        setRefusal(serverMessageOr(error, ''));
      },
    );
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
      aria-label="Support ticket"
    >
      <TextField
        label="Subject"
        value={values.subject}
        onChange={(event) => update('subject', event.target.value)}
        error={errors.subject}
        maxLength={SUPPORT_SUBJECT_MAX_LENGTH}
        // Read-only, not disabled, while sending: Enter here submits, and a disabled field
        // would drop the keyboard's focus to the page's start.
        readOnly={isSubmitting}
        required
        placeholder="A few words about the problem"
      />
      <SelectField
        label="Category"
        options={SUPPORT_CATEGORIES}
        value={values.category}
        onChange={(event) => update('category', event.target.value as SupportCategory)}
        disabled={isSubmitting}
      />
      <TextAreaField
        label="Description"
        value={values.description}
        onChange={(event) => update('description', event.target.value)}
        error={errors.description}
        maxLength={SUPPORT_DESCRIPTION_MAX_LENGTH}
        readOnly={isSubmitting}
        required
        rows={5}
        placeholder="What happened, when, and which trip it was about"
      />
      <div className="flex flex-col gap-4">
        <Button
          type="submit"
          isLoading={isSubmitting}
          loadingText="Submitting..."
          className="self-start px-6"
        >
          Submit Ticket
        </Button>
        <div role="status" aria-live="polite">
          {ticketNumber ? (
            <p className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
              Ticket <strong className="font-semibold">{ticketNumber}</strong> is open. Quote this
              number if you write to us; we reply by e-mail.
            </p>
          ) : null}
          {refusal ? (
            <p className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {refusal}
            </p>
          ) : null}
        </div>
      </div>
    </form>
  );
}
