import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SharedTrip, TripShare, TripShareState } from '@aeropool/contract/trip-share';
import { api } from '../../../lib/api-client';

const keys = {
  state: (matchId: string) => ['trip-share', 'state', matchId] as const,
  shared: (token: string) => ['trip-share', 'shared', token] as const,
};

/** The public page polls this often, so a cancelled or completed match shows within seconds. */
export const SHARED_TRIP_POLL_MS = 5000;

export function useSharedTrip(token: string) {
  return useQuery({
    queryKey: keys.shared(token),
    queryFn: async ({ signal }) =>
      (await api.get<SharedTrip>(`/trip/${encodeURIComponent(token)}`, { signal })).entities[0]!,
    refetchInterval: (query) => (query.state.error ? false : SHARED_TRIP_POLL_MS),
    retry: false,
  });
}

export function useTripShareState(matchId: string) {
  return useQuery({
    queryKey: keys.state(matchId),
    queryFn: async ({ signal }) =>
      (await api.get<TripShareState>(`/match/${encodeURIComponent(matchId)}/share`, { signal }))
        .entities[0]!,
  });
}

export function useCreateTripShare(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post<TripShare>(`/match/${encodeURIComponent(matchId)}/share`)).entities[0]!,
    onSuccess: (share) =>
      queryClient.setQueryData<TripShareState>(keys.state(matchId), {
        isSharing: true,
        expiresAt: share.expiresAt,
      }),
  });
}

export function useStopTripShare(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.delete(`/match/${encodeURIComponent(matchId)}/share`);
    },
    onSuccess: () =>
      queryClient.setQueryData<TripShareState>(keys.state(matchId), {
        isSharing: false,
        expiresAt: null,
      }),
  });
}
