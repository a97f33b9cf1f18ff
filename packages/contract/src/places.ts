import { z } from 'zod';
import { isSingleLineText, notAllowedCharacters } from './text';

/** Spec §3: the two fixed airport terminals. */
export const TERMINALS = [
  { id: 'T1', name: 'Terminal 1', latitude: 13.1991, longitude: 77.7105 },
  { id: 'T2', name: 'Terminal 2', latitude: 13.1989, longitude: 77.7068 },
] as const;
export type Terminal = (typeof TERMINALS)[number];
export type TerminalId = Terminal['id'];

/** Spec §5/§9: location search limits; the box covers the city, not the airport. */
export const PLACE_SEARCH_MIN_CHARS = 3;
export const PLACE_SEARCH_LIMIT = 5;
export const CITY_BOUNDS = {
  minLatitude: 12.7,
  maxLatitude: 13.1,
  minLongitude: 77.4,
  maxLongitude: 77.8,
};
export const CITY_CENTRE = { latitude: 12.9716, longitude: 77.5946 };

export const isInCityBounds = (p: { latitude: number; longitude: number }) =>
  p.latitude >= CITY_BOUNDS.minLatitude &&
  p.latitude <= CITY_BOUNDS.maxLatitude &&
  p.longitude >= CITY_BOUNDS.minLongitude &&
  p.longitude <= CITY_BOUNDS.maxLongitude;

/** Within ~50 m of a terminal's coordinates counts as that terminal. */
export const terminalAt = (p: { latitude: number; longitude: number }): Terminal | undefined =>
  TERMINALS.find(
    (t) =>
      Math.abs(t.latitude - p.latitude) < 0.0005 && Math.abs(t.longitude - p.longitude) < 0.0005,
  );

export const placeSchema = z.object({
  name: z
    .string({ error: 'Please fill in all fields.' })
    .trim()
    .min(1, 'Please fill in all fields.')
    .max(200, 'Place name must be at most 200 characters')
    .refine(isSingleLineText, notAllowedCharacters('Place name')),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** Encoded polyline (precision 5) of the route between the terminal and the place. */
  encodedString: z
    .string()
    .max(20_000)
    // A polyline is made of the characters '?' (63) to '~' (126) only.
    .regex(/^[?-~]*$/, 'The route is not a valid encoded polyline.')
    .default(''),
});
export type Place = z.output<typeof placeSchema>;
export type PlaceInput = z.input<typeof placeSchema>;

export const PLACE_PROVIDERS = ['offline', 'photon', 'nominatim'] as const;
export type PlaceProvider = (typeof PLACE_PROVIDERS)[number];

export const placeSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(PLACE_SEARCH_MIN_CHARS, `Type at least ${PLACE_SEARCH_MIN_CHARS} characters to search.`)
    .max(100)
    .refine(isSingleLineText, notAllowedCharacters('Search')),
  provider: z.enum(PLACE_PROVIDERS).optional(),
  /** Which terminal the route in encodedString starts or ends at (default Terminal 1). */
  terminal: z.enum(['T1', 'T2']).optional(),
});

export const placeSearchResultSchema = placeSchema.extend({
  encodedString: z.string(),
});

export const placeProvidersSchema = z.object({
  default: z.enum(PLACE_PROVIDERS),
  available: z.array(z.enum(PLACE_PROVIDERS)),
});
