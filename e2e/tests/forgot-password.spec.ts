import { expect, test } from '@playwright/test';
import { createRider, uniqueEmail } from '../fixtures/accounts';
import { waitForMail } from '../fixtures/mail';
import { apiLoginStatus, storedSession, toast } from '../fixtures/ui';

test('a rider resets a forgotten password with the e-mailed OTP', async ({ page, request }) => {
  const rider = await createRider(request);
  const newPassword = 'reset-e2e-456';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByText('Step 1 of 3')).toBeVisible();

  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('Please enter your email.')).toBeVisible();

  // An address without an account is refused and the flow stays on step 1.
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(toast(page, "User with this email don't exist.")).toBeVisible();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();

  const sentAt = Date.now() - 1000;
  await page.getByLabel('Email').fill(rider.email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(toast(page, 'OTP sent to your email.')).toBeVisible();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();

  const mail = await waitForMail(rider.email, { since: sentAt, subject: /password reset code/ });
  const otp = /\b(\d{6})\b/.exec(mail.subject)![1]!;
  // As pasted from a mail that spaces the digits: the field keeps all six.
  await page.getByLabel('OTP').fill(`${otp.slice(0, 3)} ${otp.slice(3)}`);
  await expect(page.getByLabel('OTP')).toHaveValue(otp);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(toast(page, 'OTP verified successfully.')).toBeVisible();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();

  // Back from step 3: the code was used up, so the field is empty and a new one comes at once.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await expect(page.getByLabel('OTP')).toHaveValue('');
  const resentAt = Date.now() - 1000;
  await page.getByRole('button', { name: 'Resend OTP', exact: true }).click();
  await expect(toast(page, 'OTP sent to your email.')).toBeVisible();
  // The new code's mail, not the first one's (the two may share a second).
  const again = await waitForMail(rider.email, {
    since: resentAt,
    subject: new RegExp(`^(?!.*${otp}).*password reset code`),
  });
  await page.getByLabel('OTP').fill(/\b(\d{6})\b/.exec(again.subject)![1]!);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();

  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();

  // The show/hide toggle reveals what was typed.
  const newPasswordInput = page.getByLabel('New Password', { exact: true });
  await expect(newPasswordInput).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show new password' }).click();
  await expect(newPasswordInput).toHaveAttribute('type', 'text');

  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, 'Password changed successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await page.getByLabel('Email').fill(rider.email);
  await page.getByLabel('Password').fill(rider.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Invalid email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Welcome back to AeroPool! 🎉')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await storedSession(page)).userId).toBe(rider.id);

  expect(await apiLoginStatus(request, rider.email, rider.password)).toBe(401);
  expect(await apiLoginStatus(request, rider.email, newPassword)).toBe(200);
});
