/**
 * The offline Bengaluru gazetteer, ready to search. The data ships with the code (see
 * data/README.md for sources and licences), so place search needs no network or database.
 */
import curatedPlaces from './data/bengaluru-places.json' with { type: 'json' };
import pincodePlaces from './data/pincode-places.json' with { type: 'json' };
import {
  createGazetteer,
  normalisePlaceText,
  type Gazetteer,
  type GazetteerEntry,
} from './gazetteer-search';

/**
 * Curated places first, then post offices whose names the curated file lacks: the curated
 * coordinates are a place's own, the post offices' only their pincode's centre.
 */
export function loadGazetteerEntries(): GazetteerEntry[] {
  const entries: GazetteerEntry[] = [...curatedPlaces];
  const known = new Set(
    curatedPlaces.flatMap((place) => [place.name, ...place.aliases]).map(normalisePlaceText),
  );
  for (const place of pincodePlaces) {
    const key = normalisePlaceText(place.name);
    if (known.has(key)) continue;
    known.add(key);
    entries.push({
      name: place.name,
      kind: place.kind,
      latitude: place.latitude,
      longitude: place.longitude,
    });
  }
  return entries;
}

let gazetteer: Gazetteer | undefined;

/** Built on first use (a few milliseconds), then shared. */
export function getGazetteer(): Gazetteer {
  gazetteer ??= createGazetteer(loadGazetteerEntries());
  return gazetteer;
}
