import type { Rating, RideRequest } from '@aeropool/contract/rides';

export type CoPassengerRating = {
  request: RideRequest;
  rating: Rating | null;
  isLoading: boolean;
  isError: boolean;
};

/**
 * Whether this rider already rated each co-passenger on the match. The Past tab's trips request
 * carries the rider's ratings (`myRatings`), so no card asks for them one by one (issue 7);
 * trips still ahead have none: nobody can have rated them yet.
 */
export function coPassengerRatingsOf(
  coPassengers: RideRequest[],
  myRatings: Rating[] | undefined,
): CoPassengerRating[] {
  return coPassengers.map((request) => ({
    request,
    rating: myRatings?.find((rating) => rating.ratedUserId === request.rider._id) ?? null,
    isLoading: false,
    isError: false,
  }));
}
