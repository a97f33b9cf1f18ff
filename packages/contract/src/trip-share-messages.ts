// The trip link's texts, free of zod: My Trips shows them without loading the schemas
// (issue 7). trip-share.ts re-exports them.

/** Texts of the trip link for family. */
export const TRIP_SHARE_MESSAGES = {
  created: 'Trip link created. Share it with family or a friend.',
  stopped: 'Trip link turned off.',
  gone: 'This trip link has expired or was turned off.',
  notActive: 'You can share a trip only while its match is Active.',
  over: 'This trip is over, so there is nothing to share.',
} as const;

/** A link stays readable this long after the trip's time. */
export const TRIP_SHARE_HOURS_AFTER_TRIP = 6;

/** When a trip's link stops being readable (ms): TRIP_SHARE_HOURS_AFTER_TRIP after its time. */
export const tripShareEndsAt = (timeOfTravel: number): number =>
  timeOfTravel + TRIP_SHARE_HOURS_AFTER_TRIP * 3_600_000;

/** Whether a trip can no longer be shared at `nowMs`: its link would be dead on arrival. */
export const isTripShareOver = (timeOfTravel: number, nowMs: number): boolean =>
  tripShareEndsAt(timeOfTravel) <= nowMs;
