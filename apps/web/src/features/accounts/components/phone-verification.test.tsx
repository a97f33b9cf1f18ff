import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { PhoneVerification } from './phone-verification';
import { testRider } from '../test-rider';

vi.mock('../../../lib/notify', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rider = testRider({ phone: '9876543210' });

const client = new QueryClient();
const wrap = (node: ReactNode) => <QueryClientProvider client={client}>{node}</QueryClientProvider>;

it('moves focus to the code’s field once it is sent, and to the badge once verified', async () => {
  const sent = {
    phone: rider.phone,
    expiresAt: '2030-01-01T00:10:00.000Z',
    resendAfterSeconds: 30,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ statusCode: 201, message: 'OK', entities: [sent] })),
    ),
  );
  const { rerender } = render(wrap(<PhoneVerification user={rider} />));
  const send = screen.getByRole('button', { name: 'Send verification code' });
  send.focus();
  fireEvent.click(send);
  const field = await screen.findByLabelText('SMS code');
  await waitFor(() => expect(document.activeElement).toBe(field));

  rerender(wrap(<PhoneVerification user={{ ...rider, phoneVerified: true }} />));
  expect(document.activeElement?.textContent).toContain('verified');
});
