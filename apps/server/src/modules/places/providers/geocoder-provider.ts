import { CITY_CENTRE, isInCityBounds } from '@aeropool/contract/places';
import type { PlaceProvider } from '@aeropool/contract/places';
import { haversineMetres } from '../../../lib/geo/distance';
import { createGazetteer, normalisePlaceText } from '../gazetteer-search';

/** A place as a geocoder finds it, before a route is attached. */
export type GeocodedPlace = { name: string; latitude: number; longitude: number };

/** Every location-search backend; online ones reject on any failure (the service maps it). */
export type GeocoderProvider = {
  name: PlaceProvider;
  search(query: string, limit: number): Promise<GeocodedPlace[]>;
};

/** A provider's result plus the shorter names it may be known by (for ranking only). */
export type Candidate = GeocodedPlace & { aliases?: string[] };

/** Online providers are asked for a few more than needed, since some get filtered out. */
export const overFetch = (limit: number) => Math.min(limit * 2, 20);

const MAX_NAME_LENGTH = 200;

/**
 * "Primary, context" from an address's parts, e.g. "Truffles, Koramangala": the first context
 * part that is not empty, a bare number (house or postcode) or the primary itself.
 */
export function readableName(
  primary: string | undefined,
  context: readonly (string | undefined)[],
): string | undefined {
  const main = primary?.trim();
  if (!main) return undefined;
  const key = normalisePlaceText(main);
  const extra = context
    .map((part) => part?.trim())
    .find((part) => part && !/^\d+$/.test(part) && normalisePlaceText(part) !== key);
  return (extra ? `${main}, ${extra}` : main).slice(0, MAX_NAME_LENGTH);
}

/**
 * The spec's ordering applied to any provider's answer, with the offline search's own scoring:
 * drop what is outside the box, rank by how well the name matches the query, then by closeness
 * to the centre, drop repeated names, and cap. Results the scorer cannot match (a provider may
 * match on fields we do not see) are kept after the ones it can.
 */
export function rankCandidates(
  query: string,
  candidates: readonly Candidate[],
  limit: number,
): GeocodedPlace[] {
  const inside = candidates.filter(
    (c) => Number.isFinite(c.latitude) && Number.isFinite(c.longitude) && isInCityBounds(c),
  );
  // The index travels in `kind`, so equal names at different places keep their own score.
  const scorer = createGazetteer(
    inside.map((c, index) => ({ ...c, aliases: c.aliases ?? [], kind: String(index) })),
  );
  const scores = new Map<number, number>();
  for (const hit of scorer.search(query, inside.length)) scores.set(Number(hit.kind), hit.score);

  const ranked = inside
    .map((place, index) => ({
      place,
      index,
      score: scores.get(index) ?? 0,
      metres: haversineMetres(place, CITY_CENTRE),
    }))
    .sort((a, b) => b.score - a.score || a.metres - b.metres || a.index - b.index);

  const seen = new Set<string>();
  const results: GeocodedPlace[] = [];
  for (const { place } of ranked) {
    const key = normalisePlaceText(place.name);
    if (seen.has(key)) continue;
    seen.add(key);
    results.push({ name: place.name, latitude: place.latitude, longitude: place.longitude });
    if (results.length >= limit) break;
  }
  return results;
}
