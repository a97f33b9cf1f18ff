import {
  PLACE_NAME_MAX_LENGTH,
  PLACE_SEARCH_LIMIT,
  TERMINALS,
  type PlaceProvider,
  type Terminal,
  type TerminalId,
} from '@aeropool/contract/places';
import { asSingleLineText } from '@aeropool/contract/text';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { LatLng } from '../../lib/geo/distance';
import { isUnanswered, type Route, type RouteProvider } from '../../lib/geo/router';
import type { ServiceContext } from '../../lib/service-context';
import type { GeocodedPlace, GeocoderProvider } from './providers/geocoder-provider';
import { createNominatimProvider } from './providers/nominatim-provider';
import { offlineProvider } from './providers/offline-provider';
import { createPhotonProvider } from './providers/photon-provider';

export const PLACE_MESSAGES = {
  providerNotConfigured: 'This location provider is not configured.',
  searchUnavailable: 'Location search is unavailable right now. Please try again.',
} as const;

export type PlacesContext = Pick<ServiceContext, 'config' | 'log' | 'routeProvider'>;
export type PlaceSearch = { q: string; provider?: PlaceProvider; terminal?: TerminalId };
export type PlaceWithRoute = GeocodedPlace & { encodedString: string };

export function terminalById(id: TerminalId): Terminal {
  const terminal = TERMINALS.find((t) => t.id === id);
  if (!terminal) throw new AppError('BAD_REQUEST', 'Unknown terminal.', { field: 'terminal' });
  return terminal;
}

/**
 * The route from a terminal to a place: what a ride request stores as encodedString and uses
 * as its road distance. Pass the app (or any service context), or a RouteProvider in tests.
 */
export function resolveRoute(
  source: PlacesContext | RouteProvider,
  terminal: Terminal | TerminalId,
  place: LatLng,
): Promise<Route> {
  const router = 'config' in source ? source.routeProvider : source;
  return router.route(typeof terminal === 'string' ? terminalById(terminal) : terminal, place);
}

/** Offline is always there; an online provider only when it is the configured one. */
export function availableProviders(config: Pick<Config, 'GEOCODER' | 'GEOCODER_URL'>) {
  const available: PlaceProvider[] = ['offline'];
  if (config.GEOCODER !== 'offline' && config.GEOCODER_URL) available.push(config.GEOCODER);
  return { default: config.GEOCODER, available };
}

function geocoderFor(config: Config, provider: PlaceProvider): GeocoderProvider {
  if (provider === 'offline') return offlineProvider;
  if (provider !== config.GEOCODER || !config.GEOCODER_URL) {
    throw new AppError('BAD_REQUEST', PLACE_MESSAGES.providerNotConfigured, { field: 'provider' });
  }
  return provider === 'photon'
    ? createPhotonProvider(config.GEOCODER_URL)
    : createNominatimProvider(config.GEOCODER_URL);
}

/**
 * After the configured online geocoder did not answer at all (a timeout, no connection), riders'
 * searches go to the offline gazetteer this long without asking it, as routes skip OSRM: while it
 * hangs, every keystroke's search would otherwise wait out the timeout first. Per app.
 */
const GEOCODER_REST_MS = 30_000;
const geocoderRestingUntil = new WeakMap<object, number>();

/**
 * Spec §5: at most 5 places in the box, best match first, each with its route from the terminal.
 * While the configured online geocoder is down, the offline gazetteer answers (riders could not
 * post a ride otherwise: the form takes only a place picked from the search); a provider asked
 * for by name answers 503 instead.
 */
export async function searchPlaces(
  ctx: PlacesContext,
  { q, provider, terminal = 'T1' }: PlaceSearch,
): Promise<PlaceWithRoute[]> {
  const isResting = !provider && Date.now() < (geocoderRestingUntil.get(ctx.config) ?? 0);
  const geocoder = isResting
    ? offlineProvider
    : geocoderFor(ctx.config, provider ?? ctx.config.GEOCODER);
  const from = terminalById(terminal);
  let places: GeocodedPlace[];
  try {
    places = await geocoder.search(q, PLACE_SEARCH_LIMIT);
  } catch (error) {
    const fallBack = !provider && geocoder !== offlineProvider;
    if (fallBack && isUnanswered(error))
      geocoderRestingUntil.set(ctx.config, Date.now() + GEOCODER_REST_MS);
    ctx.log.warn(
      { err: error, provider: geocoder.name },
      fallBack
        ? 'location search failed; answered from the offline gazetteer'
        : 'location search failed',
    );
    if (!fallBack) throw new AppError('SERVICE_UNAVAILABLE', PLACE_MESSAGES.searchUnavailable);
    places = await offlineProvider.search(q, PLACE_SEARCH_LIMIT);
  }
  const router = ctx.routeProvider;
  return Promise.all(
    places
      // A geocoder's name as the ride form will send it: one clean line the schema accepts.
      .map((place) => ({ ...place, name: asSingleLineText(place.name, PLACE_NAME_MAX_LENGTH) }))
      .filter((place) => place.name !== '')
      .slice(0, PLACE_SEARCH_LIMIT)
      .map(async (place) => ({
        ...place,
        encodedString: (await router.route(from, place)).encodedString,
      })),
  );
}
