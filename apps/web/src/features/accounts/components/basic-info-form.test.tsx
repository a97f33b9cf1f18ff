import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { User } from '@aeropool/contract/accounts';
import { clearSession, saveSession } from '../../../lib/session';
import { PROFILE_TOASTS } from '../account-toasts';
import { BasicInfoForm } from './basic-info-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ default: toast }));

// Spec §3: Google gave no family name, so the server stored a single space.
const googleRider: User = {
  _id: 'rider-1',
  firstName: 'Asha',
  lastName: ' ',
  email: 'asha@example.com',
  phone: null,
  phoneVerified: false,
  gender: null,
  isGoogleAuth: true,
  averageRating: 0,
  createdAt: '2030-01-01T00:00:00.000Z',
};

/** PUT /api/user/:id answering with the user as updated by the body sent. */
function fakeUserApi() {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Partial<User>) : {};
    const entities = [{ ...googleRider, ...body }];
    return new Response(JSON.stringify({ statusCode: 200, message: 'OK', entities }), {
      status: 200,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const sentBody = () => {
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    return put ? (JSON.parse(String(put[1]?.body)) as Record<string, unknown>) : undefined;
  };
  return { sentBody };
}

const renderForm = (user: User = googleRider) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BasicInfoForm user={user} />
    </QueryClientProvider>,
  );

beforeEach(() => saveSession({ userId: 'rider-1', userEmail: 'asha@example.com', token: 't' }));

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

it('saves a phone for a Google rider with no family name, leaving the names unsent', async () => {
  const api = fakeUserApi();
  renderForm();
  fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '98765 43210' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

  await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PROFILE_TOASTS.updated));
  expect(screen.queryByText('Last Name is required')).toBeNull();
  expect(api.sentBody()).toEqual({ phone: '9876543210' });
});

it('still checks and sends a name the rider changed', async () => {
  const api = fakeUserApi();
  renderForm();
  fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
  const lastName = screen.getByLabelText('Last Name');
  fireEvent.change(lastName, { target: { value: '  ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Last Name is required')).toBeTruthy();
  expect(api.sentBody()).toBeUndefined();

  fireEvent.change(lastName, { target: { value: 'Rao' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PROFILE_TOASTS.updated));
  // Nothing else: a phone or gender set on another device since this tab loaded stays as it is.
  expect(api.sentBody()).toEqual({ lastName: 'Rao' });
});

it('sends a phone cleared and a gender changed, as the rider set them', async () => {
  const api = fakeUserApi();
  renderForm({ ...googleRider, phone: '+919876543210', phoneVerified: true, gender: 'woman' });
  fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '' } });
  const gender = screen.getByLabelText('Gender (optional)');
  expect(gender.getAttribute('aria-describedby')).toBeTruthy();
  const hint = () => document.getElementById(gender.getAttribute('aria-describedby')!)!;
  expect(hint().textContent).not.toContain('Women only to all riders');
  fireEvent.change(gender, { target: { value: '' } });
  // Said before the save that turns her Women only rides off.
  expect(hint().textContent).toContain(
    'Saving this opens any ride you marked Women only to all riders.',
  );
  fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PROFILE_TOASTS.updated));
  expect(api.sentBody()).toEqual({ phone: null, gender: null });
});

it('drops a cancelled edit’s errors from the saved values', async () => {
  fakeUserApi();
  renderForm();
  fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
  fireEvent.change(screen.getByLabelText('First Name'), { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('First Name is required')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByText('First Name is required')).toBeNull();
  expect(screen.getByLabelText('First Name').getAttribute('aria-invalid')).not.toBe('true');
});

it('keeps the field for a code already texted after Edit Profile and Cancel', async () => {
  const rider = { ...googleRider, phone: '+919876543210' };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            statusCode: 201,
            message: 'Code sent',
            entities: [
              { phone: rider.phone, expiresAt: '2030-01-01T00:10:00.000Z', resendAfterSeconds: 30 },
            ],
          }),
          { status: 201 },
        ),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BasicInfoForm user={rider} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Send verification code' }));
  expect(await screen.findByLabelText('SMS code')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.getByLabelText('SMS code')).toBeTruthy();
});

it('shows a refusal about one field at that field, where focus goes', async () => {
  const taken = 'This number is already verified on another AeroPool account.';
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ statusCode: 409, message: taken, field: 'phone' }), {
          status: 409,
        }),
    ),
  );
  renderForm();
  fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
  const phone = screen.getByLabelText('Phone');
  fireEvent.change(phone, { target: { value: '98765 43210' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

  await waitFor(() => expect(document.activeElement).toBe(phone));
  expect(phone.getAttribute('aria-invalid')).toBe('true');
  expect(
    document.getElementById(phone.getAttribute('aria-describedby')!.split(' ')[0]!),
  ).toBeTruthy();
  expect(screen.getByText(taken)).toBeTruthy();
  expect(toast.error).toHaveBeenCalledWith(taken);
});
