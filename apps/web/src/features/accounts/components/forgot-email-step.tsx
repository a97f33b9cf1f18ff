import { useRef, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { emailSchema } from '@aeropool/contract/accounts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { validateFields } from '../utils/field-errors';
import { useFocusBackAfterSending } from '../../../lib/use-focus-back-after-sending';

// Spec §5 words the empty case differently from sign-up; the format check is the contract's.
const resetEmailSchema = z.object({
  email: z.string().trim().min(1, 'Please enter your email.').pipe(emailSchema),
});

type Props = {
  initialEmail: string;
  isSending: boolean;
  onSubmit: (email: string) => void;
};

export function ForgotEmailStep({ initialEmail, isSending, onSubmit }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const validation = validateFields(resetEmailSchema, { email });
    setError(validation.errors.email);
    if (!validation.success) {
      focusFirstError();
      return;
    }
    onSubmit(validation.data.email);
  };

  const focusBackAfterSending = useFocusBackAfterSending(isSending);
  return (
    <form
      onSubmitCapture={focusBackAfterSending}
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
    >
      <TextField
        label="Email"
        type="email"
        name="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
        error={error}
        disabled={isSending}
      />
      <Button type="submit" isLoading={isSending} loadingText="Sending OTP..." className="w-full">
        Send OTP
      </Button>
    </form>
  );
}
