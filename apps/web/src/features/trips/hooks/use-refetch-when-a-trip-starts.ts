import { useEffect } from 'react';
import type { Trip } from '@aeropool/contract/rides';

/** setTimeout's longest delay (about 24.8 days); a later trip is looked at again then. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * When a trip moves to Past, as the server decides: at its time, or for a matched trip at its cab's
 * last rider's time (rating and completing wait for it).
 */
const tripEndsAt = (trip: Trip): number =>
  trip.match && trip.rideRequest.status === 'Matched'
    ? Math.max(trip.rideRequest.timeOfTravel, ...trip.match.requests.map((r) => r.timeOfTravel))
    : trip.rideRequest.timeOfTravel;

/**
 * Upcoming trips move to Past when their time comes (the server decides by its clock): the list is
 * fetched again just after the soonest one starts, live, without a tab switch (issue 9).
 */
export function useRefetchWhenATripStarts(trips: Trip[] | undefined, refetch: () => unknown) {
  useEffect(() => {
    if (!trips) return;
    const now = Date.now();
    const next = Math.min(...trips.map(tripEndsAt).filter((time) => time > now));
    if (!Number.isFinite(next)) return;
    const timer = setTimeout(() => void refetch(), Math.min(next - now + 1000, MAX_DELAY_MS));
    return () => clearTimeout(timer);
  }, [trips, refetch]);
}
