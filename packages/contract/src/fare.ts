/**
 * Fare estimate (documented in the README): an airport cab costs a base fare plus a rate per road
 * kilometre. A shared cab's fare is split in proportion to each rider's solo fare (issue 10), so
 * the nearer rider of an unequal pair pays less. Figures are estimates, as the landing page says.
 */
export const FARE_MODEL = { baseFare: 100, perKm: 22, currency: 'INR' } as const;

export const estimateFare = (roadKm: number): number =>
  Math.round(FARE_MODEL.baseFare + FARE_MODEL.perKm * roadKm);

export type FareEstimate = {
  /** What this rider pays alone, rupees. */
  solo: number;
  /** What this rider pays of one shared cab, in proportion to their solo fare, rupees. */
  sharedPerPerson: number;
};

/** Each rider's part of a shared cab's fare, in proportion to their solo fares (rupees). */
export const splitFare = (cabFare: number, soloFares: number[]): number[] => {
  const total = soloFares.reduce((a, b) => a + b, 0);
  return soloFares.map((solo) => Math.round((cabFare * solo) / total));
};
