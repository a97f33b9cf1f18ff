import { passwordSchema } from '@aeropool/contract/accounts';
import type { FieldErrors } from './field-errors';

export type NewPasswordMessages = {
  required: string;
  /** Sign-up asks for the confirmation separately; the reset form only says they differ. */
  confirmRequired?: string;
  mismatch: string;
};

export type NewPasswordValues = { password: string; confirmPassword: string };

/** The sign-up and reset password steps (spec §5): same rules, different wording. */
export const SIGNUP_PASSWORD_MESSAGES: NewPasswordMessages = {
  required: 'Password is required',
  confirmRequired: 'Please confirm your password',
  mismatch: 'Passwords do not match',
};

export const RESET_PASSWORD_MESSAGES: NewPasswordMessages = {
  required: 'Please enter a new password.',
  mismatch: 'Passwords do not match.',
};

export function validateNewPassword(
  { password, confirmPassword }: NewPasswordValues,
  messages: NewPasswordMessages,
): FieldErrors<keyof NewPasswordValues> {
  const errors: FieldErrors<keyof NewPasswordValues> = {};

  if (!password) {
    errors.password = messages.required;
  } else {
    // The contract schema carries the minimum-length text the spec quotes for both flows.
    const result = passwordSchema.safeParse(password);
    if (!result.success) errors.password = result.error.issues[0]?.message;
  }

  if (!confirmPassword && messages.confirmRequired) {
    errors.confirmPassword = messages.confirmRequired;
  } else if (password !== confirmPassword) {
    errors.confirmPassword = messages.mismatch;
  }
  return errors;
}
