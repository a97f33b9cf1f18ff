import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SharedTrip, TripShare, TripShareState } from '@aeropool/contract/trip-share';
import { api, ApiError } from '../../../lib/api-client';

const keys = {
  state: (matchId: string) => ['trip-share', 'state', matchId] as const,
  shared: (token: string) => ['trip-share', 'shared', token] as const,
};

/** The public page polls this often, so a cancelled or completed match shows within seconds. */
export const SHARED_TRIP_POLL_MS = 5000;

/** After a failed poll (no signal, a busy server): the next try waits longer, up to a minute. */
const retryDelayMs = (failures: number) => Math.min(60_000, SHARED_TRIP_POLL_MS * 2 ** failures);

/** The server's answer that the link has ended (turned off, expired, or never was). */
export const isLinkGone = (error: unknown) =>
  error instanceof ApiError && (error.statusCode === 404 || error.statusCode === 400);

/**
 * The shared trip, polled. A poll that fails for any other reason (a phone between towers, a
 * limit shared by viewers behind one carrier address) keeps the last answer on screen and tries
 * again later; only the link's end stops the polling.
 */
export function useSharedTrip(token: string) {
  // Polls that failed in a row (the query's own count starts again at every fetch).
  const failures = useRef(0);
  return useQuery({
    queryKey: keys.shared(token),
    queryFn: async ({ signal }) => {
      try {
        const { entities } = await api.get<SharedTrip>(`/trip/${encodeURIComponent(token)}`, {
          signal,
        });
        failures.current = 0;
        return entities[0]!;
      } catch (error) {
        failures.current += 1;
        throw error;
      }
    },
    refetchInterval: (query) =>
      isLinkGone(query.state.error)
        ? false
        : query.state.error
          ? retryDelayMs(failures.current)
          : SHARED_TRIP_POLL_MS,
    refetchIntervalInBackground: false,
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
