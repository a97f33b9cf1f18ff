import { ACCOUNT_MESSAGES } from '@aeropool/contract/account-messages';
import { PRODUCT_NAME } from '@aeropool/contract/product';

/**
 * Every toast text of the accounts screens, word for word from spec §8 (and the brief for the
 * sign-up step texts). Kept in one place so they are checked against the spec in one place.
 */
export const LOGIN_TOASTS = {
  welcome: `Welcome back to ${PRODUCT_NAME}! 🎉`,
  somethingWrong: 'Something went wrong ⚠️',
  exception: 'An error occurred. Please try again later ❌',
} as const;

export const GOOGLE_TOASTS = {
  success: 'Successfully signed in with Google! 🎉',
  failed: 'Google sign-in failed. Please try again ⚠️',
  exception: 'Failed to sign in with Google ❌',
} as const;

export const SIGNUP_TOASTS = {
  otpSent: 'OTP has been sent to your email. Please check your inbox!',
  otpFailed: 'Failed to send OTP. Please try again.',
  otpInvalid: 'Invalid OTP. Please try again.',
  emailVerified: 'Email verified successfully!',
  // The spec quotes "the product" literally here, unlike the login toast.
  // The spec's text with the product's name in it (issue 9).
  accountCreated: `Account created successfully! Welcome to ${PRODUCT_NAME}`,
  createFailed: 'Failed to create account. Please try again.',
} as const;

export const RESET_TOASTS = {
  userNotFound: "User with this email don't exist.",
  otpSent: 'OTP sent to your email.',
  otpFailed: 'Failed to send OTP.',
  otpError: 'Error sending OTP.',
  otpVerified: 'OTP verified successfully.',
  otpInvalid: 'Invalid OTP.',
  passwordChanged: 'Password changed successfully.',
  resetFailed: 'Failed to reset password.',
} as const;

export const PROFILE_TOASTS = {
  loadFailed: 'Failed to load profile data',
  updated: 'Profile updated successfully!',
  updateFailed: 'Profile update failed!',
  updateError: 'An error occurred while updating profile',
  noUserId: 'User ID not found. Please log in again.',
  passwordChanged: 'Password changed successfully!',
  deactivated: 'Account Deactivated successfully!',
  deactivateFailed: 'Failed to deactivate account. Please try again.',
  exception: 'An error occurred. Please try again later.',
  loggedOutEverywhere: ACCOUNT_MESSAGES.loggedOutEverywhere,
  logOutEverywhereFailed: 'Could not log out of all devices. Please try again.',
} as const;
