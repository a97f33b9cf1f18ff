import { z } from 'zod';
import { isSingleLineText, notAllowedCharacters, withoutBidiControls } from './text';

import { PLACE_SEARCH_MIN_CHARS } from './terminals';

export * from './terminals';

export const PLACE_NAME_MAX_LENGTH = 200;

/** A place left out, or sent without its coordinates, is a field not filled in (spec §5). */
const FILL_ALL = 'Please fill in all fields.';

export const placeSchema = z.object(
  {
    name: z
      .string({ error: FILL_ALL })
      .overwrite(withoutBidiControls)
      .trim()
      .min(1, FILL_ALL)
      .max(PLACE_NAME_MAX_LENGTH, `Place name must be at most ${PLACE_NAME_MAX_LENGTH} characters`)
      .refine(isSingleLineText, notAllowedCharacters('Place name')),
    latitude: z.number({ error: FILL_ALL }).min(-90).max(90),
    longitude: z.number({ error: FILL_ALL }).min(-180).max(180),
    /** Encoded polyline (precision 5) of the route between the terminal and the place. */
    encodedString: z
      .string()
      .max(20_000)
      // A polyline is made of the characters '?' (63) to '~' (126) only.
      .regex(/^[?-~]*$/, 'The route is not a valid encoded polyline.')
      .default(''),
  },
  { error: FILL_ALL },
);
export type Place = z.output<typeof placeSchema>;
export type PlaceInput = z.input<typeof placeSchema>;

export const PLACE_PROVIDERS = ['offline', 'photon', 'nominatim'] as const;
export type PlaceProvider = (typeof PLACE_PROVIDERS)[number];

/** A search longer than this is refused; the field stops there. */
export const PLACE_SEARCH_MAX_CHARS = 100;

export const placeSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(PLACE_SEARCH_MIN_CHARS, `Type at least ${PLACE_SEARCH_MIN_CHARS} characters to search.`)
    .max(PLACE_SEARCH_MAX_CHARS, `Search at most ${PLACE_SEARCH_MAX_CHARS} characters.`)
    .refine(isSingleLineText, notAllowedCharacters('Search')),
  provider: z.enum(PLACE_PROVIDERS).optional(),
  /** Which terminal the route in encodedString starts or ends at (default Terminal 1). */
  terminal: z.enum(['T1', 'T2']).optional(),
});

/**
 * A place as the server answers it: the shape only. The typing rules above are for what riders
 * send; checked on stored rows or a geocoder's answer they would turn one odd name into a 500.
 */
export const placeViewSchema = z.object({
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  encodedString: z.string(),
});

export const placeSearchResultSchema = placeViewSchema;

export const placeProvidersSchema = z.object({
  default: z.enum(PLACE_PROVIDERS),
  available: z.array(z.enum(PLACE_PROVIDERS)),
});
