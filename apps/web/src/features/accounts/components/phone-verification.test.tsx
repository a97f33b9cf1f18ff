import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { PhoneVerification } from './phone-verification';
import { testRider } from '../test-rider';
import { accountKeys } from '../api/account-keys';

vi.mock('../../../lib/notify', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rider = testRider({ phone: '9876543210' });

const client = new QueryClient();
const wrap = (node: ReactNode) => <QueryClientProvider client={client}>{node}</QueryClientProvider>;

const sent = { phone: rider.phone, expiresAt: '2030-01-01T00:10:00.000Z', resendAfterSeconds: 30 };
const answer = (statusCode: number, message: string, entities: unknown[] = []) =>
  new Response(JSON.stringify({ statusCode, message, entities }), { status: statusCode });

/** The phone API: Send answers `code` (sent, unless told), Verify answers `verify`. */
const phoneApi = (verify: () => Response, code = () => answer(201, 'OK', [sent])) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (String(url).endsWith('/phone/code') ? code() : verify())),
  );

/** Renders with a client of the test's own, whose invalidations it watches. */
const renderWatched = () => {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <QueryClientProvider client={queryClient}>
      <PhoneVerification user={rider} />
    </QueryClientProvider>,
  );
  return invalidate;
};

it('moves focus to the code’s field once it is sent, and to the badge once verified', async () => {
  phoneApi(() => answer(201, 'OK', [sent]));
  const { rerender } = render(wrap(<PhoneVerification user={rider} />));
  const send = screen.getByRole('button', { name: 'Send verification code' });
  send.focus();
  fireEvent.click(send);
  const field = await screen.findByLabelText('SMS code');
  await waitFor(() => expect(document.activeElement).toBe(field));

  rerender(wrap(<PhoneVerification user={{ ...rider, phoneVerified: true }} />));
  expect(document.activeElement?.textContent).toContain('verified');
});

it('reads a refused code out with its field: focus goes there once the message shows', async () => {
  phoneApi(() => answer(400, 'Invalid code.'));
  render(wrap(<PhoneVerification user={rider} />));
  fireEvent.click(screen.getByRole('button', { name: 'Send verification code' }));
  const field = await screen.findByLabelText('SMS code');
  fireEvent.change(field, { target: { value: '123456' } });
  const verify = screen.getByRole('button', { name: 'Verify' });
  verify.focus();
  fireEvent.click(verify);

  await waitFor(() => expect(document.activeElement).toBe(field));
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
    'Invalid code.',
  );
});

it('reads the rider again when the number was verified meanwhile elsewhere', async () => {
  phoneApi(
    () => answer(200, 'OK', [{ ...rider, phoneVerified: true }]),
    () => answer(409, 'Your phone number is already verified.'),
  );
  const invalidate = renderWatched();
  fireEvent.click(screen.getByRole('button', { name: 'Send verification code' }));
  await waitFor(() =>
    expect(invalidate).toHaveBeenCalledWith({ queryKey: accountKeys.user(rider._id) }),
  );
});

it('reads the rider again when a code is refused because the number was verified elsewhere', async () => {
  phoneApi(() => answer(409, 'This number is already verified on another AeroPool account.'));
  const invalidate = renderWatched();
  fireEvent.click(screen.getByRole('button', { name: 'Send verification code' }));
  fireEvent.change(await screen.findByLabelText('SMS code'), { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  await waitFor(() =>
    expect(invalidate).toHaveBeenCalledWith({ queryKey: accountKeys.user(rider._id) }),
  );
});
