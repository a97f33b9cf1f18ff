import { PASSWORD_MIN_LENGTH } from './limits';

/**
 * Texts the server answers with; the spec quotes them word for word. Apart from the schemas
 * (accounts.ts re-exports them) so a page that only shows them does not load zod (issue 7).
 */
export const ACCOUNT_MESSAGES = {
  userNotFoundByEmail: "User with this email don't exist.",
  invalidOtp: 'Invalid OTP.',
  otpSent: 'OTP sent to your email.',
  otpVerified: 'OTP verified successfully.',
  emailImmutable: 'You cannot modify your email address.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  invalidCredentials: 'Invalid email or password.',
  sessionExpired: 'Your session has expired. Please log in again.',
  emailTaken: 'An account with this email already exists. Please log in.',
  verificationRequired: 'Please verify your email with a new OTP before creating your account.',
  passwordChanged: 'Password changed successfully.',
  accountCreated: 'Account created successfully!',
  loggedIn: 'Logged in successfully.',
  currentPasswordWrong: 'Current password is incorrect.',
  googleAccountNoPassword: 'This account signs in with Google and has no password to change.',
  googleDisabled: 'Google sign-in is not enabled on this server.',
  googleInvalid: 'Google sign-in failed. Please try again ⚠️',
  googleNotLinked:
    'An account with this e-mail already exists. Please log in with your password, or reset it from the login page.',
  deactivated: 'Account Deactivated successfully!',
  profileUpdated: 'Profile updated successfully!',
  deactivatedReactivate:
    'This account was deactivated. To use it again, reset your password (Forgot Password) within 30 days of deactivating it.',
  deactivatedLogin:
    'This account has been deactivated. Reset your password (Forgot Password) to reactivate it.',
  loggedOut: 'Successfully logged out',
  loggedOutEverywhere: 'You have been logged out of all devices.',
} as const;
