import { z } from 'zod';
import { CITY_BOUNDS } from '@aeropool/contract/places';
import { fetchJson, joinUrl, type FetchJsonOptions } from '../../../lib/geo/fetch-json';
import {
  overFetch,
  rankCandidates,
  readableName,
  type Candidate,
  type GeocoderProvider,
} from './geocoder-provider';

const optionalText = z.string().optional().catch(undefined);

// jsonv2 gives coordinates as strings; `address` comes with addressdetails=1.
const nominatimPlaceSchema = z.object({
  lat: z.coerce.number(),
  lon: z.coerce.number(),
  display_name: z.string(),
  name: optionalText,
  address: z
    .object({
      neighbourhood: optionalText,
      suburb: optionalText,
      city_district: optionalText,
      city: optionalText,
    })
    .optional()
    .catch(undefined),
});
const nominatimResponseSchema = z.array(z.unknown());

type NominatimPlace = z.infer<typeof nominatimPlaceSchema>;

function toCandidate(place: NominatimPlace): Candidate | undefined {
  // display_name is the whole address ("Koramangala, Bengaluru South, …, 560034, India").
  const parts = place.display_name.split(',');
  const primary = place.name || parts[0]?.trim();
  const { address } = place;
  const context = address
    ? [address.suburb, address.neighbourhood, address.city_district, address.city]
    : parts.slice(1);
  const name = readableName(primary, context);
  if (!name || !primary) return undefined;
  return { name, aliases: [primary], latitude: place.lat, longitude: place.lon };
}

/** A (self-hosted) Nominatim server: https://nominatim.org/release-docs/latest/api/Search/. */
export function createNominatimProvider(
  baseUrl: string,
  http: FetchJsonOptions = {},
): GeocoderProvider {
  return {
    name: 'nominatim',
    async search(query, limit) {
      const url = joinUrl(baseUrl, 'search');
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('limit', String(overFetch(limit)));
      url.searchParams.set('addressdetails', '1');
      // viewbox is left,top,right,bottom; bounded=1 turns the preference into a filter.
      url.searchParams.set(
        'viewbox',
        [
          CITY_BOUNDS.minLongitude,
          CITY_BOUNDS.maxLatitude,
          CITY_BOUNDS.maxLongitude,
          CITY_BOUNDS.minLatitude,
        ].join(','),
      );
      url.searchParams.set('bounded', '1');
      url.searchParams.set('countrycodes', 'in');
      const places = nominatimResponseSchema.parse(await fetchJson(url, http));
      const candidates = places
        .map((place) => nominatimPlaceSchema.safeParse(place))
        .flatMap((parsed) => (parsed.success ? [toCandidate(parsed.data)] : []))
        .filter((candidate) => candidate !== undefined);
      return rankCandidates(query, candidates, limit);
    },
  };
}
