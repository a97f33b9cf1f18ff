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

/**
 * Each rider's part of a shared cab's fare, in proportion to their solo fares, in whole rupees that
 * add up to the cab fare (largest remainder): every rider gets the exact share rounded down, and
 * the rupees left go one each to the largest remainders, ties to the earlier rider. Every share is
 * within ₹1 of the exact one, and equal solo fares differ by at most ₹1 (an even fare of identical
 * trips splits evenly). Pass the riders in one order every rider of the cab agrees on (the cab's
 * order), and split once for the whole cab: the same fares give the same shares whoever looks.
 */
export const splitFare = (cabFare: number, soloFares: number[]): number[] => {
  const total = soloFares.reduce((a, b) => a + b, 0);
  // No fares to weigh by (never for estimateFare's fares): equal parts.
  const weights = total > 0 ? soloFares : soloFares.map(() => 1);
  const weight = total > 0 ? total : soloFares.length;
  // Whole rupees in integers: the remainders are exact, so equal ones tie, and ties go by index.
  const products = weights.map((w) => cabFare * w);
  const shares = products.map((p) => Math.floor(p / weight));
  const remainders = products.map((p, i) => p - shares[i]! * weight);
  const left = cabFare - shares.reduce((a, b) => a + b, 0);
  const byRemainder = remainders
    .map((_, i) => i)
    .sort((i, j) => remainders[j]! - remainders[i]! || i - j);
  for (const i of byRemainder.slice(0, left)) shares[i] = shares[i]! + 1;
  return shares;
};
