import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { RideRequestBody } from '@aeropool/contract/rides';
import { accountKeys } from '../../accounts/api/account-keys';
import { useCancelRideRequest } from './cancel-ride-request';
import { useSaveRideRequest } from './save-ride-request';
import { useUpdateMatchStatus } from './update-match-status';

afterEach(() => vi.unstubAllGlobals());

/** A client that has shown the profile's counters once, so they sit in its cache. */
function clientWithStats() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(accountKeys.stats('me'), {
    completed: 0,
    active: 0,
    cancelled: 0,
    averageRating: 0,
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const areStatsStale = () => queryClient.getQueryState(accountKeys.stats('me'))?.isInvalidated;
  return { wrapper, areStatsStale };
}

const body: RideRequestBody = {
  source: { name: 'Terminal 1', latitude: 13.1991, longitude: 77.7105, encodedString: '' },
  destination: { name: 'Koramangala', latitude: 12.93, longitude: 77.62, encodedString: '' },
  timeOfTravel: Date.UTC(2030, 0, 1, 10),
};

/** Each write as a hook handing back one call of it. */
const writes: [string, () => () => Promise<unknown>][] = [
  [
    'creating a ride request',
    () => {
      const { mutateAsync } = useSaveRideRequest();
      return () => mutateAsync({ body });
    },
  ],
  [
    'cancelling a ride request',
    () => {
      const { mutateAsync } = useCancelRideRequest();
      return () => mutateAsync('request-1');
    },
  ],
  [
    'completing a match',
    () => {
      const { mutateAsync } = useUpdateMatchStatus();
      return () => mutateAsync({ matchId: 'match-1', status: 'Completed' });
    },
  ],
];

it.each(writes)('refreshes the profile counters after %s', async (_name, useWrite) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ statusCode: 200, message: 'OK', entities: [] }), {
          status: 200,
        }),
    ),
  );
  const { wrapper, areStatsStale } = clientWithStats();
  const { result } = renderHook(useWrite, { wrapper });
  expect(areStatsStale()).toBe(false);
  await result.current();
  expect(areStatsStale()).toBe(true);
});
