import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import type { RideRequest } from '@aeropool/contract/rides';
import { tripKeys } from '../api/trip-keys';
import { TripList } from './trip-list';

vi.mock('../../../components/map/route-map', () => ({ RouteMap: () => null }));
vi.mock('../../../lib/notify', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

const ride: RideRequest = {
  _id: 'ride-1',
  rider: { _id: 'rider-1', firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com' },
  source: { name: 'Terminal 1', latitude: 13.2, longitude: 77.7, encodedString: '' },
  destination: { name: 'Koramangala', latitude: 12.93, longitude: 77.62, encodedString: '' },
  timeOfTravel: Date.now() + 86_400_000,
  status: 'Active',
  direction: 'pickup',
  seats: 1,
  bags: 1,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The Upcoming list with no retries (a failed read fails at once); answers its client. */
function renderUpcoming() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TripList
          userId="rider-1"
          tab="upcoming"
          onEdit={vi.fn()}
          onCancel={vi.fn()}
          onCreate={vi.fn()}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

it('keeps the trips shown when a refresh fails, instead of swapping them for an error', async () => {
  let failing = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      failing
        ? new Response(JSON.stringify({ statusCode: 503, message: 'Busy', entities: [] }), {
            status: 503,
          })
        : new Response(
            JSON.stringify({ statusCode: 200, message: 'OK', entities: [{ rideRequest: ride }] }),
            { status: 200 },
          ),
    ),
  );
  const client = renderUpcoming();
  await screen.findByText('Koramangala', { exact: false });

  failing = true;
  await client.refetchQueries();
  await waitFor(() =>
    expect(client.getQueryState(tripKeys.list('rider-1', 'upcoming'))?.status).toBe('error'),
  );
  expect(screen.queryByText('Your trips could not be loaded.')).toBeNull();
  expect(screen.getAllByText('Koramangala', { exact: false }).length).toBeGreaterThan(0);
});

it('says so when the first load fails', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ statusCode: 503, message: 'Busy', entities: [] }), {
          status: 503,
        }),
    ),
  );
  renderUpcoming();
  expect(await screen.findByText('Your trips could not be loaded.')).toBeTruthy();
});
