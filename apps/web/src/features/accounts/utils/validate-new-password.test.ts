import { describe, expect, it } from 'vitest';
import {
  RESET_PASSWORD_MESSAGES,
  SIGNUP_PASSWORD_MESSAGES,
  validateNewPassword,
} from './validate-new-password';

const tooShort = 'Password must be at least 6 characters long';

describe('validateNewPassword for sign-up', () => {
  const validate = (password: string, confirmPassword: string) =>
    validateNewPassword({ password, confirmPassword }, SIGNUP_PASSWORD_MESSAGES);

  it('asks for both fields when empty', () => {
    expect(validate('', '')).toEqual({
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
  });

  it('rejects a password shorter than 6 characters', () => {
    expect(validate('12345', '12345')).toEqual({ password: tooShort });
    expect(validate('123456', '123456')).toEqual({});
  });

  it('reports a mismatch on the confirmation', () => {
    expect(validate('secret1', 'secret2')).toEqual({ confirmPassword: 'Passwords do not match' });
  });
});

describe('validateNewPassword for reset', () => {
  const validate = (password: string, confirmPassword: string) =>
    validateNewPassword({ password, confirmPassword }, RESET_PASSWORD_MESSAGES);

  it('asks for a new password and nothing else when both are empty', () => {
    expect(validate('', '')).toEqual({ password: 'Please enter a new password.' });
  });

  it('uses the reset wording for a mismatch, including an empty confirmation', () => {
    expect(validate('secret1', '')).toEqual({ confirmPassword: 'Passwords do not match.' });
    expect(validate('secret1', 'secret2')).toEqual({ confirmPassword: 'Passwords do not match.' });
  });

  it('shows the minimum length rule', () => {
    expect(validate('abc', 'abc')).toEqual({ password: tooShort });
  });
});
