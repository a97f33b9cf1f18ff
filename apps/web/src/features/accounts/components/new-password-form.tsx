import { useRef, useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { Button } from '../../../components/ui/button';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import type { FieldErrors } from '../utils/field-errors';
import {
  validateNewPassword,
  type NewPasswordMessages,
  type NewPasswordValues,
} from '../utils/validate-new-password';
import { useFocusBackAfterSending } from '../../../lib/use-focus-back-after-sending';

type Props = {
  labels: Record<keyof NewPasswordValues, string>;
  messages: NewPasswordMessages;
  /** The reset form has show/hide toggles (spec §2); sign-up does not. */
  hasVisibilityToggle?: boolean;
  submitLabel: string;
  loadingText: string;
  isPending: boolean;
  onSubmit: (password: string) => void;
  /** Rendered beside the submit button, e.g. Back. */
  secondaryAction?: ReactNode;
};

/** Password and confirmation, validated by the flow's own wording, for sign-up and reset. */
export function NewPasswordForm(props: Props) {
  const { labels, messages, isPending } = props;
  const [values, setValues] = useState<NewPasswordValues>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof NewPasswordValues>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const hasToggle = props.hasVisibilityToggle ?? false;

  const change = (field: keyof NewPasswordValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateNewPassword(values, messages);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError();
      return;
    }
    props.onSubmit(values.password);
  };

  const focusBackAfterSending = useFocusBackAfterSending(isPending);
  return (
    <form
      onSubmitCapture={focusBackAfterSending}
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
    >
      <SecretField
        hasToggle={hasToggle}
        label={labels.password}
        name="new-password"
        autoComplete="new-password"
        value={values.password}
        onChange={(event) => change('password', event.target.value)}
        error={errors.password}
        disabled={isPending}
      />
      <SecretField
        hasToggle={hasToggle}
        label={labels.confirmPassword}
        name="confirm-password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={(event) => change('confirmPassword', event.target.value)}
        error={errors.confirmPassword}
        disabled={isPending}
      />
      <Button
        type="submit"
        isLoading={isPending}
        loadingText={props.loadingText}
        className="w-full"
      >
        {props.submitLabel}
      </Button>
      {props.secondaryAction}
    </form>
  );
}

type SecretFieldProps = ComponentProps<typeof PasswordField> & { hasToggle: boolean };

function SecretField({ hasToggle, ...rest }: SecretFieldProps) {
  return hasToggle ? <PasswordField {...rest} /> : <TextField type="password" {...rest} />;
}
