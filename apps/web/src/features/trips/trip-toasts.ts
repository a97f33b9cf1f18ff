import { RIDE_MESSAGES } from '@aeropool/contract/ride-rules';

/** Every toast text of My Trips, word for word from spec §8, checked against it in one place. */
export const RIDE_REQUEST_TOASTS = {
  created: RIDE_MESSAGES.created,
  updated: RIDE_MESSAGES.updated,
  fillAll: RIDE_MESSAGES.fillAll,
  failed: 'Failed to process ride request.',
  exception: 'An error occurred. Please try again.',
  cancelled: RIDE_MESSAGES.cancelled,
  cancelFailed: 'Failed to cancel ride request',
  cancelException: 'Error canceling ride request',
} as const;

export const MATCH_TOASTS = {
  accepted: RIDE_MESSAGES.matchAccepted,
  declined: RIDE_MESSAGES.matchDeclined,
  sent: RIDE_MESSAGES.matchRequestSent,
  failed: 'Failed to process match action',
} as const;

export const TRIPS_TOASTS = {
  fetchTripsFailed: 'Failed to fetch trips',
  fetchMatchesFailed: 'Failed to fetch matches',
  fetchRatingsFailed: 'Failed to fetch ratings. Please try again later.',
} as const;

export const RATING_TOASTS = {
  // Spec §8, word for word: 'Rated {name} with {n} stars'.
  rated: (name: string, stars: number) => `Rated ${name} with ${stars} stars`,
  failed: 'Failed to update ratings for co-passengers',
} as const;
