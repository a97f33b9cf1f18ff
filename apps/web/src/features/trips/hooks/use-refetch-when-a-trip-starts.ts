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

/** While the server still lists a trip whose time has come, how often it is asked again. */
const CATCH_UP_EVERY_MS = 5000;
/** How long after a trip's time that goes on: beyond it, the two clocks are not the reason. */
const CATCH_UP_FOR_MS = 10 * 60_000;

/**
 * Upcoming trips move to Past when their time comes (the server decides by its clock): the list is
 * fetched again just after the soonest one starts, live, without a tab switch (issue 9). A browser
 * clock ahead of the server's gets the same list back, the same data, so nothing would change
 * again: while a trip whose time has come is still listed, the list is asked for every few
 * seconds until the server moves it.
 */
export function useRefetchWhenATripStarts(trips: Trip[] | undefined, refetch: () => unknown) {
  useEffect(() => {
    if (!trips) return;
    const now = Date.now();
    const ends = trips.map(tripEndsAt);
    const timers: ReturnType<typeof setTimeout>[] = [];
    const next = Math.min(...ends.filter((time) => time > now));
    if (Number.isFinite(next))
      timers.push(setTimeout(() => void refetch(), Math.min(next - now + 1000, MAX_DELAY_MS)));
    if (ends.some((time) => time <= now && now - time < CATCH_UP_FOR_MS))
      timers.push(setInterval(() => void refetch(), CATCH_UP_EVERY_MS));
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, [trips, refetch]);
}
