import { estimateFare, type FareEstimate } from '@aeropool/contract/fare';
import { haversineMetres, type LatLng } from '../../lib/geo/distance';

/** What the score needs of one rider's trip. */
export type TripEnds = {
  terminal: LatLng;
  place: LatLng;
  /** Road metres between terminal and place, as stored with the request. */
  roadMetres: number;
  timeOfTravel: number;
};

export type ScoreOptions = { circuity: number; windowMinutes: number };

export type MatchScore = {
  matchPercentage: number;
  /** Great-circle metres between the two city ends. */
  distance: number;
  /** Road metres of one shared cab (airport → nearer end → farther end, or the reverse). */
  sharedMetres: number;
};

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/**
 * matchPercentage (README "How matching works", decision 004):
 *   shared = hop(terminals) + min(dA, dB) + link(placeA, placeB)
 *   route  = 2 · (dA + dB − shared) / (dA + dB)     (share of distance saved, 1 for identical trips)
 *   time   = 1 − ½ · min(1, |tA − tB| / window)
 *   score  = round(100 · clamp(route, 0, 1) · time)
 * where hop and link are great-circle metres times the circuity factor. Symmetric in A and B.
 */
export function scoreMatch(a: TripEnds, b: TripEnds, options: ScoreOptions): MatchScore {
  const road = (x: LatLng, y: LatLng) => haversineMetres(x, y) * options.circuity;
  const distance = haversineMetres(a.place, b.place);
  const sharedMetres =
    road(a.terminal, b.terminal) +
    Math.min(a.roadMetres, b.roadMetres) +
    distance * options.circuity;
  const solo = a.roadMetres + b.roadMetres;
  const route = solo > 0 ? clamp01((2 * (solo - sharedMetres)) / solo) : 0;
  const gapMinutes = Math.abs(a.timeOfTravel - b.timeOfTravel) / 60_000;
  const time = 1 - 0.5 * Math.min(1, gapMinutes / options.windowMinutes);
  return {
    matchPercentage: Math.round(100 * route * time),
    distance: Math.round(distance),
    sharedMetres: Math.round(sharedMetres),
  };
}

/** What `self` pays alone versus each rider's half of one shared cab (contract FARE_MODEL). */
export const fareFor = (self: TripEnds, score: MatchScore): FareEstimate => ({
  solo: estimateFare(self.roadMetres / 1000),
  sharedPerPerson: Math.round(estimateFare(score.sharedMetres / 1000) / 2),
});
