// Ride statuses, limits and texts, free of zod: the web app's pages import them from here, so
// zod and the schemas load only with the forms that validate (issue 7). rides.ts re-exports them.

/** Spec §4: ride request statuses. */
export const RIDE_REQUEST_STATUSES = [
  'Pending',
  'Active',
  'Expired',
  'Cancelled',
  'Completed',
  'Matched',
] as const;
export type RideRequestStatus = (typeof RIDE_REQUEST_STATUSES)[number];

export const MATCH_STATUSES = ['Active', 'Cancelled', 'Completed'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export const MATCH_REQUEST_STATUSES = ['Pending', 'Accepted', 'Declined', 'Cancelled'] as const;
export type MatchRequestStatus = (typeof MATCH_REQUEST_STATUSES)[number];

/**
 * The two modes, named so nobody misreads them (issue 9). `drop` runs airport → city, as the
 * spec's form defines it: the rider is picked up at the terminal. `pickup` runs city → airport.
 */
export const DIRECTION_NAMES = { drop: 'From the airport', pickup: 'To the airport' } as const;

/** "From the airport (pickup at T1)", "To the airport (drop at T2)"; without a terminal, T1/T2. */
export function directionLabel(direction: 'drop' | 'pickup', terminalId = 'T1/T2'): string {
  return `${DIRECTION_NAMES[direction]} (${direction === 'drop' ? 'pickup' : 'drop'} at ${terminalId})`;
}

export const RIDE_LIMITS = {
  maxDaysAhead: 90,
  /** A rider cannot hold two open requests whose times are this close. */
  minGapMinutes: 120,
  /** Potential matches returned at most, best first. */
  maxPotentialMatches: 20,
} as const;

/** Said by the form and the server of a time beyond RIDE_LIMITS.maxDaysAhead. */
export const TOO_FAR_AHEAD = `Rides can be requested at most ${RIDE_LIMITS.maxDaysAhead} days ahead.`;

/** What one cab holds (issue 10): a request takes 1–2 seats and carries 0–3 bags. */
export const CAB_LIMITS = {
  maxRiders: 3,
  maxSeats: 3,
  maxBags: 4,
  maxSeatsPerRequest: 2,
  maxBagsPerRequest: 3,
} as const;

export const RIDE_MESSAGES = {
  created: 'Ride request created successfully!',
  updated: 'Ride request updated successfully!',
  cancelled: 'Ride request canceled successfully',
  fillAll: 'Please fill in all fields.',
  matchAccepted: 'Match accepted successfully',
  matchDeclined: 'Match declined successfully',
  matchRequestSent: 'Match request sent successfully',
  womenOnlyNotAllowed:
    'Only riders whose profile says Woman can mark a ride Women only. Set it on your profile first.',
  changedElsewhere:
    'This ride request was changed in another tab or on another device. Check it, then edit it again.',
} as const;

/** Socket event to a user's own room when their trips change (match request, accept, cancel). */
export const TRIPS_CHANGED_EVENT = 'trips:changed';
export type TripsChangedPayload = {
  reason:
    | 'match-request'
    | 'match-accepted'
    | 'match-declined'
    | 'match-cancelled'
    | 'match-completed'
    | 'request-changed'
    /** The rider rated a co-rider: their other tabs stop offering Rate Now for them. */
    | 'rated';
  /** A sentence for the rider when someone else changed their trip (shown as a notice). */
  notice?: string;
};
