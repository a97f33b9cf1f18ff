import { expect, test } from '@playwright/test';
import { createRider, uniqueEmail } from '../fixtures/accounts';
import { waitForOtp } from '../fixtures/mail';
import { sessionStatus, storedSession, toast } from '../fixtures/ui';

test.describe.configure({ mode: 'parallel' });

test('sign up through the three steps, log out, and log back in', async ({ page }) => {
  const email = uniqueEmail('signup');
  const password = 'pass-e2e-123';

  await page.goto('/signup');
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();

  // Step 1 validates before it sends anything.
  await page.getByRole('button', { name: 'Generate OTP' }).click();
  await expect(page.getByText('First Name is required')).toBeVisible();
  await expect(page.getByText('Last Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();

  // What signing up agrees to, with the documents one tap away.
  const form = page.locator('form');
  await expect(form.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
    'href',
    '/tos',
  );
  await expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy',
  );
  await expect(form).toContainText('confirm that you are at least 18 years old');

  await page.getByLabel('First Name').fill('Kavya');
  await page.getByLabel('Last Name').fill('Menon');
  await page.getByLabel('Email').fill(email);
  const sentAt = Date.now() - 1000;
  await page.getByRole('button', { name: 'Generate OTP' }).click();
  await expect(
    toast(page, 'OTP has been sent to your email. Please check your inbox!'),
  ).toBeVisible();

  // Step 2: a wrong code is refused, the real one from the captured mail passes.
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verify Email' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Resend OTP in (30|29)s$/ })).toBeDisabled();
  const otp = await waitForOtp(email, sentAt);
  const wrongOtp = otp.slice(0, 5) + String((Number(otp[5]) + 1) % 10);

  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('Please enter the OTP')).toBeVisible();

  await page.getByLabel('OTP').fill(wrongOtp);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(toast(page, 'Invalid OTP. Please try again.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verify Email' })).toBeVisible();

  await page.getByLabel('OTP').fill(otp);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(toast(page, 'Email verified successfully!')).toBeVisible();
  // The success clears the stale error at once (issue 9), well before its 4 s would run out.
  await expect(toast(page, 'Invalid OTP. Please try again.')).toHaveCount(0, { timeout: 1500 });

  // Step 3: password rules, then the account is created and the rider is signed in.
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Set Password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm Password', { exact: true }).fill('abd');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Account created successfully! Welcome to AeroPool')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  const session = await storedSession(page);
  expect(session.userEmail).toBe(email);
  expect(session.userId).toMatch(/\S/);
  expect(session.token).toMatch(/\S/);

  // Log out from the navbar.
  const mainNav = page.getByRole('navigation', { name: 'Main' });
  await mainNav.getByRole('button', { name: 'Log Out' }).click();
  await expect(toast(page, 'Successfully logged out')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // Cleared as the signed-in page unmounts, a moment after the address changed.
  await expect
    .poll(() => storedSession(page))
    .toEqual({ userId: null, userEmail: null, token: null });
  await expect(mainNav.getByRole('link', { name: 'Log In' })).toBeVisible();
  // The server ended the session too: the old token no longer opens the profile.
  await expect.poll(async () => sessionStatus(page, session.userId!, session.token!)).toBe(401);

  // Log back in with the new account.
  await mainNav.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Welcome back to AeroPool! 🎉')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await storedSession(page)).toEqual({
    userId: session.userId,
    userEmail: email,
    token: expect.stringMatching(/\S/),
  });

  // Signed in, the sign-up page sends the rider to My Trips: another account made here would
  // leave this one's session running.
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('login shows per-field messages and the server message for a wrong password', async ({
  page,
  request,
}) => {
  const rider = await createRider(request);
  await page.goto('/login');

  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(rider.email);
  await expect(page.getByText('Email is required')).toBeHidden();
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Invalid email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect((await storedSession(page)).userId).toBeNull();

  // Sent with Enter from the field, which is disabled while the request runs: focus comes back
  // to it, not to the page's start.
  await page.getByLabel('Password').fill('still-not-it');
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/user/login'));
  await page.getByLabel('Password').press('Enter');
  await answered;
  await expect(page.getByLabel('Password')).toBeFocused();
});

test('the sign-in button reads "Signing In..." and the form is disabled while the request runs', async ({
  page,
  request,
}) => {
  const rider = await createRider(request);
  // Hold the login request until the in-flight state has been checked.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/user/login', async (route) => {
    await released;
    await route.continue();
  });

  await page.goto('/login');
  await page.getByLabel('Email').fill(rider.email);
  await page.getByLabel('Password').fill(rider.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  const busy = page.getByRole('button', { name: 'Signing In...' });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByLabel('Password')).toBeDisabled();

  release();
  await expect(toast(page, 'Welcome back to AeroPool! 🎉')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the login page links to password reset and sign-up', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.goto('/login');
  await page.getByRole('main').getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});
