import { useEffect } from 'react';
import { useQueries } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Rating, RideRequest } from '@aeropool/contract/rides';
import { ratingQueryOptions } from '../api/get-rating';
import { TRIPS_TOASTS } from '../trip-toasts';

export type CoPassengerRating = {
  request: RideRequest;
  rating: Rating | null;
  isLoading: boolean;
  isError: boolean;
};

/**
 * Whether this rider already rated each co-passenger on the match (POST /rating/details).
 * Off for trips still ahead: nobody can have rated them yet.
 */
export function useCoPassengerRatings(
  matchId: string,
  userId: string,
  coPassengers: RideRequest[],
  isEnabled: boolean,
): CoPassengerRating[] {
  const results = useQueries({
    queries: coPassengers.map((request) => ({
      ...ratingQueryOptions({ matchId, raterUserId: userId, ratedUserId: request.rider._id }),
      enabled: isEnabled,
    })),
  });

  const failedAt = Math.max(0, ...results.map((result) => result.errorUpdatedAt));
  const isError = results.some((result) => result.isError);
  useEffect(() => {
    // One toast for the whole page, however many cards failed at once.
    if (isError) toast.error(TRIPS_TOASTS.fetchRatingsFailed, { id: 'ratings-failed' });
  }, [isError, failedAt]);

  return coPassengers.map((request, index) => {
    const result = results[index];
    return {
      request,
      rating: result?.data ?? null,
      isLoading: isEnabled && (result?.isPending ?? true),
      isError: result?.isError ?? false,
    };
  });
}
