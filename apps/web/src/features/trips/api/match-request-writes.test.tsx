import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useCancelMatchRequest } from './cancel-match-request';
import { useSendMatchRequest } from './send-match-request';
import { tripKeys } from './trip-keys';
import { useUpdateMatchStatus } from './update-match-status';
import { answerEveryFetch } from '../../../lib/fake-fetch';

afterEach(() => vi.unstubAllGlobals());

function hookWithClient<T>(useHook: () => T) {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { invalidate, ...renderHook(useHook, { wrapper }) };
}

it('refreshes My Trips when the ride asked, or the rider’s own, changed meanwhile (409)', async () => {
  answerEveryFetch(409, 'That ride is no longer available.');
  const { result, invalidate } = hookWithClient(useSendMatchRequest);
  await expect(
    result.current.mutateAsync({ fromRequest: 'mine', toRequest: 'theirs' }),
  ).rejects.toThrow('That ride is no longer available.');
  // Every list: the rider's own card may have been matched meanwhile, not only the other's.
  await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: tripKeys.all }));
});

it('refreshes My Trips when a match being cancelled or completed changed meanwhile (409)', async () => {
  answerEveryFetch(409, 'This match is already cancelled.');
  const { result, invalidate } = hookWithClient(useUpdateMatchStatus);
  await expect(
    result.current.mutateAsync({ matchId: 'match-1', status: 'Cancelled' }),
  ).rejects.toThrow('This match is already cancelled.');
  await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: tripKeys.all }));
});

it('leaves the lists alone after a refusal that changed nothing (429)', async () => {
  answerEveryFetch(429, 'You have sent many match requests in the last hour.');
  const { result, invalidate } = hookWithClient(useSendMatchRequest);
  await expect(
    result.current.mutateAsync({ fromRequest: 'mine', toRequest: 'theirs' }),
  ).rejects.toThrow();
  expect(invalidate).not.toHaveBeenCalled();
});

it('refreshes My Trips when a request being withdrawn was answered meanwhile (409)', async () => {
  answerEveryFetch(409, 'This match request is no longer pending.');
  const { result, invalidate } = hookWithClient(useCancelMatchRequest);
  await expect(
    result.current.mutateAsync({ requestId: 'mine', matchRequestId: 'request-1' }),
  ).rejects.toThrow('This match request is no longer pending.');
  await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: tripKeys.all }));
});
