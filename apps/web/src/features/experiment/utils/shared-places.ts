import type { Place } from '@aeropool/contract/places';

/** Providers place one locality's centre differently; beyond this it is another place. */
const SAME_PLACE_MAX_METRES = 1500;

/**
 * Which results appear on both sides: for each left result, the index of its twin on the right
 * (or null), and the reverse. Twins have the same name up to the first comma (online providers
 * add the area, 'Koramangala, Bengaluru South') and lie close together; each result pairs once.
 */
export function findSharedPlaces(
  left: readonly Place[],
  right: readonly Place[],
): { leftTwins: (number | null)[]; rightTwins: (number | null)[] } {
  const leftTwins: (number | null)[] = left.map(() => null);
  const rightTwins: (number | null)[] = right.map(() => null);
  left.forEach((place, leftIndex) => {
    const rightIndex = right.findIndex(
      (candidate, index) => rightTwins[index] === null && isSamePlace(place, candidate),
    );
    if (rightIndex === -1) return;
    leftTwins[leftIndex] = rightIndex;
    rightTwins[rightIndex] = leftIndex;
  });
  return { leftTwins, rightTwins };
}

export function isSamePlace(a: Place, b: Place): boolean {
  return placeKey(a.name) === placeKey(b.name) && metresBetween(a, b) <= SAME_PLACE_MAX_METRES;
}

const placeKey = (name: string) =>
  (name.split(',')[0] ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Haversine distance; the page needs no road distance, only "is this the same spot". */
function metresBetween(a: Place, b: Place): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}
