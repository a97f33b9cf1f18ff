import { expect, test, type Page } from '@playwright/test';
import { createRider, signInAs, uniqueMobile } from '../fixtures/accounts';
import { waitForSmsCode } from '../fixtures/sms';
import { apiLoginStatus, sessionStatus, storedSession, toast } from '../fixtures/ui';

test.describe.configure({ mode: 'parallel' });

const section = (page: Page, name: string) => page.getByRole('region', { name });

/** The value shown under one label of the Profile Stats card. */
const stat = (page: Page, label: string) =>
  section(page, 'Profile Stats')
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

test('signed out, /profile redirects to /login, and signing in comes back to it', async ({
  page,
  request,
}) => {
  const rider = await createRider(request);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(rider.email);
  await page.getByLabel('Password').fill(rider.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();

  // Logged out from there, the next sign-in opens My Trips as usual.
  const mainNav = page.getByRole('navigation', { name: 'Main' });
  await mainNav.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await mainNav.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(rider.email);
  await page.getByLabel('Password').fill(rider.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a new rider sees zero stats and edits their name and phone', async ({ page, request }) => {
  const rider = await createRider(request, { firstName: 'Nikhil', lastName: 'Joshi' });
  await signInAs(page, rider);
  await page.goto('/profile');

  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(stat(page, 'Rides Completed')).toHaveText('0');
  await expect(stat(page, 'Active')).toHaveText('0');
  await expect(stat(page, 'Cancelled')).toHaveText('0');
  await expect(stat(page, 'Average Rating')).toHaveText('No ratings yet');
  const memberSince = new Intl.DateTimeFormat('en-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(new Date());
  await expect(stat(page, 'Member Since')).toHaveText(memberSince);

  const info = section(page, 'Basic Information');
  const firstName = info.getByLabel('First Name');
  const lastName = info.getByLabel('Last Name');
  const email = info.getByLabel('Email');
  const phone = info.getByLabel('Phone', { exact: true });
  await expect(firstName).toHaveValue('Nikhil');
  await expect(lastName).toHaveValue('Joshi');
  await expect(email).toHaveValue(rider.email);
  await expect(firstName).not.toBeEditable();
  await expect(email).not.toBeEditable();

  await info.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(firstName).toBeEditable();
  await expect(email).not.toBeEditable();

  // Cancel throws the draft away.
  await firstName.fill('Discarded');
  await info.getByRole('button', { name: 'Cancel' }).click();
  await expect(firstName).toHaveValue('Nikhil');
  await expect(firstName).not.toBeEditable();

  await info.getByRole('button', { name: 'Edit Profile' }).click();
  await firstName.fill('Nikita');
  await lastName.fill('Joshi-Rao');
  await phone.fill('9876543210');
  await info.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile updated successfully!')).toBeVisible();
  await expect(info.getByRole('button', { name: 'Edit Profile' })).toBeVisible();

  await page.reload();
  await expect(firstName).toHaveValue('Nikita');
  await expect(lastName).toHaveValue('Joshi-Rao');
  await expect(phone).toHaveValue('+91 98765 43210');
  await expect(email).toHaveValue(rider.email);
  await expect(page.getByText('Nikita Joshi-Rao')).toBeVisible();
});

test('change password: a wrong current password is refused, the right one works', async ({
  page,
  request,
}) => {
  const rider = await createRider(request);
  const newPassword = 'changed-e2e-789';
  await signInAs(page, rider);
  await page.goto('/profile');

  await section(page, 'Account Settings').getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(dialog.getByText('Please fill all fields')).toBeVisible();

  await dialog.getByLabel('Current Password', { exact: true }).fill('wrong-password');
  await dialog.getByLabel('New Password', { exact: true }).fill(newPassword);
  await dialog.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(toast(page, 'Current password is incorrect.')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  expect((await storedSession(page)).userId).toBe(rider.id);

  await dialog.getByLabel('Current Password', { exact: true }).fill(rider.password);
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(toast(page, 'Password changed successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The tab keeps working with the token it was handed after the change.
  await page.reload();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(section(page, 'Basic Information').getByLabel('Email')).toHaveValue(rider.email);

  expect(await apiLoginStatus(request, rider.email, newPassword)).toBe(200);
  expect(await apiLoginStatus(request, rider.email, rider.password)).toBe(401);
});

test('deactivating the account signs out and blocks further logins', async ({ page, request }) => {
  const rider = await createRider(request);
  await signInAs(page, rider);
  await page.goto('/profile');

  await section(page, 'Account Settings')
    .getByRole('button', { name: 'Deactivate Account' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate your account?' });
  await expect(dialog).toBeVisible();

  // Cancel leaves everything as it was.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await apiLoginStatus(request, rider.email, rider.password)).toBe(200);

  await section(page, 'Account Settings')
    .getByRole('button', { name: 'Deactivate Account' })
    .click();
  await dialog.getByRole('button', { name: 'Yes, deactivate' }).click();
  await expect(toast(page, 'Account Deactivated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(() => storedSession(page))
    .toEqual({ userId: null, userEmail: null, token: null });
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log In' }),
  ).toBeVisible();

  expect(await apiLoginStatus(request, rider.email, rider.password)).toBe(401);
});

test('log out of all devices ends this session and the rider’s other ones', async ({
  page,
  request,
}) => {
  const rider = await createRider(request);
  const login = await request.post('/api/user/login', {
    data: { email: rider.email, password: rider.password },
  });
  const otherDevice = (await login.json()).token as string;
  await signInAs(page, rider);
  await page.goto('/profile');

  const settings = section(page, 'Account Settings');
  await settings.getByRole('button', { name: 'Log out of all devices' }).click();
  await expect(toast(page, 'You have been logged out of all devices.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // Cleared once the profile page has left (useLeaveAndSignOut), after the home page's code loads.
  await expect
    .poll(() => storedSession(page))
    .toEqual({ userId: null, userEmail: null, token: null });
  expect(await sessionStatus(page, rider.id, rider.token)).toBe(401);
  expect(await sessionStatus(page, rider.id, otherDevice)).toBe(401);
  // A new sign-in works as before.
  expect(await apiLoginStatus(request, rider.email, rider.password)).toBe(200);
});

test('verifies a phone with the code texted to it', async ({ page, request }) => {
  const rider = await createRider(request);
  // A number of this rider's own, so parallel tests never verify the same one.
  const mobile = uniqueMobile();
  await signInAs(page, rider);
  await page.goto('/profile');
  const info = section(page, 'Basic Information');
  await expect(info.getByText('Add your phone number above to verify it.')).toBeVisible();

  await info.getByRole('button', { name: 'Edit Profile' }).click();
  await info.getByLabel('Phone', { exact: true }).fill('12345');
  await info.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    info.getByText('Enter a valid Indian mobile number (10 digits, e.g. 98765 43210).'),
  ).toBeVisible();
  await info.getByLabel('Phone', { exact: true }).fill(mobile);
  await info.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile updated successfully!')).toBeVisible();
  await expect(info.getByLabel('Phone', { exact: true })).toHaveValue(
    `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`,
  );

  const verification = page.getByRole('region', { name: 'Phone verification' });
  await expect(verification.getByText('Not verified.')).toBeVisible();
  const since = Date.now() - 1000;
  await verification.getByRole('button', { name: 'Send verification code' }).click();
  await expect(toast(page, 'We have sent a 6-digit code to your phone.')).toBeVisible();
  await expect(verification.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
  const code = await waitForSmsCode(`+91${mobile}`, since);

  await verification.getByLabel('SMS code').fill(code === '000000' ? '111111' : '000000');
  await verification.getByRole('button', { name: 'Verify' }).click();
  await expect(verification.getByText('Invalid code. Please try again.')).toBeVisible();
  await verification.getByLabel('SMS code').fill(code);
  await verification.getByRole('button', { name: 'Verify' }).click();
  await expect(toast(page, 'Phone number verified!')).toBeVisible();
  await expect(verification.getByText('Phone verified')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Phone verification' }).getByText('Phone verified'),
  ).toBeVisible();
});
