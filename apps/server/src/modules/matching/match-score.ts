import type { LatLng } from '../../lib/geo/distance';

/** What the candidate search needs of one rider's trip. */
export type TripEnds = {
  terminal: LatLng;
  place: LatLng;
  /** Road metres between terminal and place, as stored with the request. */
  roadMetres: number;
  timeOfTravel: number;
};

/**
 * The candidate query ranks rows by a cheap proxy of the fit before the exact one (cab-fit) runs
 * on the best few: the straight-line share of distance saved, times a time factor
 *   shared = hop(terminals) + min(dA, dB) + circuity · |placeA − placeB|
 *   proxy  = clamp(2 · (dA + dB − shared) / (dA + dB), 0, 1) · (1 − ½ · min(1, |tA − tB| / window))
 */
export type ScoreOptions = { circuity: number; windowMinutes: number };
