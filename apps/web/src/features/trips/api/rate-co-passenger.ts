import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Rating } from '@aeropool/contract/rides';
import { api } from '../../../lib/api-client';
import { tripKeys } from './trip-keys';

export type RateInput = {
  matchId: string;
  raterUserId: string;
  ratedUserId: string;
  rating: number;
};

export async function rateCoPassenger(input: RateInput): Promise<Rating | null> {
  const result = await api.post<Rating>('/rating', input);
  return result.entities[0] ?? null;
}

/** One request per co-passenger; the modal submits them together and reports each. */
export function useRateCoPassengers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ratings: RateInput[]) => Promise.allSettled(ratings.map(rateCoPassenger)),
    // The Past tab's trips carry the rider's ratings; refetching the lists shows the new ones.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tripKeys.lists() }),
  });
}
