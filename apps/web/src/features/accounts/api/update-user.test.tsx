import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { tripKeys } from '../../trips/api/trip-keys';
import { useUpdateUser } from './update-user';
import { testRider } from '../test-rider';

afterEach(() => vi.unstubAllGlobals());

const updated = testRider({ _id: 'me', gender: 'man' });

it('refreshes the trip lists after a profile update, whose cards show Women only', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ statusCode: 200, message: 'OK', entities: [updated] }), {
          status: 200,
        }),
    ),
  );
  const queryClient = new QueryClient();
  queryClient.setQueryData(tripKeys.list('me', 'upcoming'), []);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useUpdateUser(), { wrapper });

  await result.current.mutateAsync({ userId: 'me', gender: 'man' });

  expect(queryClient.getQueryState(tripKeys.list('me', 'upcoming'))?.isInvalidated).toBe(true);
});
