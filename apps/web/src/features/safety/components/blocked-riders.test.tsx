import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { BlockedRider } from '@aeropool/contract/safety';
import { BlockedRiders } from './blocked-riders';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rider: BlockedRider = {
  _id: 'rider-2',
  firstName: 'Bhavna',
  lastName: 'I.',
  blockedAt: new Date(Date.UTC(2026, 10, 1)).toISOString(),
};

it('unblocking keeps keyboard focus in the card (its heading), not on <body>', async () => {
  let blocked = [rider];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') blocked = [];
      const body = { statusCode: 200, message: 'Bhavna I. is unblocked.', entities: blocked };
      return new Response(JSON.stringify(body));
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BlockedRiders userId="rider-1" />
    </QueryClientProvider>,
  );
  const unblock = await screen.findByRole('button', { name: /^Unblock Bhavna/ });
  unblock.focus();
  fireEvent.click(unblock);
  await screen.findByText('You have not blocked anyone.');
  await waitFor(() => expect(document.activeElement?.tagName).toBe('H2'));
  expect(document.activeElement?.textContent).toBe('Blocked riders');
});
