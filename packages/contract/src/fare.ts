/**
 * Fare estimate (documented in the README): an airport cab costs a base fare plus a rate per road
 * kilometre. A shared cab's fare is split equally. Figures are estimates, as the landing page says.
 */
export const FARE_MODEL = { baseFare: 100, perKm: 22, currency: 'INR' } as const;

export const estimateFare = (roadKm: number): number =>
  Math.round(FARE_MODEL.baseFare + FARE_MODEL.perKm * roadKm);

export type FareEstimate = {
  /** What this rider pays alone, rupees. */
  solo: number;
  /** What each of the two pays when they share one cab, rupees. */
  sharedPerPerson: number;
};
