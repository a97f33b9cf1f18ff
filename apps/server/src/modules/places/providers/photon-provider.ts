import { z } from 'zod';
import { CITY_BOUNDS, CITY_CENTRE } from '@aeropool/contract/places';
import { fetchJson, joinUrl, type FetchJsonOptions } from '../../../lib/geo/fetch-json';
import {
  overFetch,
  rankCandidates,
  readableName,
  type Candidate,
  type GeocoderProvider,
} from './geocoder-provider';

const optionalText = z.string().optional().catch(undefined);

// Photon answers GeoJSON: coordinates are [longitude, latitude], the address is in properties.
const photonFeatureSchema = z.object({
  geometry: z.object({ coordinates: z.array(z.number()).min(2) }),
  properties: z.object({
    name: optionalText,
    housenumber: optionalText,
    street: optionalText,
    district: optionalText,
    locality: optionalText,
    city: optionalText,
    county: optionalText,
  }),
});
const photonResponseSchema = z.object({ features: z.array(z.unknown()) });

type PhotonFeature = z.infer<typeof photonFeatureSchema>;

function toCandidate({ geometry, properties: p }: PhotonFeature): Candidate | undefined {
  // An address without a name of its own (a house) is shown as "12 Street".
  const primary = p.name ?? (p.street ? [p.housenumber, p.street].filter(Boolean).join(' ') : '');
  const name = readableName(primary, [p.district, p.locality, p.city, p.county]);
  const [longitude, latitude] = geometry.coordinates;
  if (!name || longitude === undefined || latitude === undefined) return undefined;
  return { name, aliases: [primary], latitude, longitude };
}

/** A (self-hosted) Photon server: https://github.com/komoot/photon, GET /api. */
export function createPhotonProvider(
  baseUrl: string,
  http: FetchJsonOptions = {},
): GeocoderProvider {
  return {
    name: 'photon',
    async search(query, limit) {
      const url = joinUrl(baseUrl, 'api');
      url.searchParams.set('q', query);
      url.searchParams.set('limit', String(overFetch(limit)));
      // Location bias towards the centre, and the spec's box (minLon,minLat,maxLon,maxLat).
      url.searchParams.set('lat', String(CITY_CENTRE.latitude));
      url.searchParams.set('lon', String(CITY_CENTRE.longitude));
      url.searchParams.set(
        'bbox',
        [
          CITY_BOUNDS.minLongitude,
          CITY_BOUNDS.minLatitude,
          CITY_BOUNDS.maxLongitude,
          CITY_BOUNDS.maxLatitude,
        ].join(','),
      );
      const { features } = photonResponseSchema.parse(await fetchJson(url, http));
      // One odd feature should not sink the whole answer.
      const candidates = features
        .map((feature) => photonFeatureSchema.safeParse(feature))
        .flatMap((parsed) => (parsed.success ? [toCandidate(parsed.data)] : []))
        .filter((candidate) => candidate !== undefined);
      return rankCandidates(query, candidates, limit);
    },
  };
}
