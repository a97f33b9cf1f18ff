import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { terminalAt } from '@aeropool/contract/places';
import type { Config } from '../../config';
import { greatCirclePath, haversineMetres, type LatLng } from './distance';
import { fetchJson, joinUrl, type FetchJsonOptions } from './fetch-json';
import { encodePath } from './polyline';
import { createTtlCache, type TtlCache } from './route-cache';
import { airportLeg, legKm } from './trip-geometry';

const airportRoadKm = (place: LatLng) => legKm(airportLeg(place));

/** encodedString is a precision-5 polyline from `from` to `to`; roadMetres is whole metres. */
export type Route = { encodedString: string; roadMetres: number };
export type RouteProvider = { route(from: LatLng, to: LatLng): Promise<Route> };
export type RouterConfig = Pick<Config, 'ROUTER' | 'OSRM_URL' | 'ROAD_CIRCUITY_FACTOR'>;
export type RouteLog = Pick<FastifyBaseLogger, 'warn'>;

/** Roads in Bengaluru run ~30 % longer than the straight line (config.ts default, too). */
export const DEFAULT_ROAD_CIRCUITY = 1.3;

/** Roads change rarely; a day-old route is still right, and a restart clears it anyway. */
const ROUTE_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
const ROUTE_CACHE_ENTRIES = 2000;

/**
 * Works offline: the great-circle line; its length on the airport's corridors when one end is a
 * terminal (trip-geometry), else scaled by the circuity factor.
 */
export function createStraightRouter(circuity: number = DEFAULT_ROAD_CIRCUITY): RouteProvider {
  return {
    route: async (from, to) => {
      const cityEnd = terminalAt(from) ? to : terminalAt(to) ? from : undefined;
      return {
        encodedString: encodePath(greatCirclePath(from, to)),
        roadMetres: Math.round(
          cityEnd ? airportRoadKm(cityEnd) * 1000 : haversineMetres(from, to) * circuity,
        ),
      };
    },
  };
}

// OSRM's documented route answer; anything else (NoRoute, an empty list) counts as a failure.
const osrmRouteResponseSchema = z.object({
  code: z.literal('Ok'),
  routes: z
    .array(z.object({ geometry: z.string().min(1), distance: z.number().nonnegative() }))
    .min(1),
});

/** OSRM wants longitude first; 5 decimals (~1 m) is also the polyline's precision. */
const osrmCoordinate = (point: LatLng) =>
  `${point.longitude.toFixed(5)},${point.latitude.toFixed(5)}`;

export type OsrmRouterOptions = FetchJsonOptions & {
  /** Answers when OSRM fails or times out, so a ride can always be posted. */
  fallback?: RouteProvider;
  log?: RouteLog;
  cache?: TtlCache<Promise<Route>>;
  /** How long OSRM is left alone after it did not answer at all (tests shorten it). */
  restMs?: number;
};

/**
 * After OSRM did not answer (a timeout, no connection), routes skip it this long: while it hangs,
 * every place search (five routes) and every ride posted would otherwise wait out the timeout.
 * An answer that is an error (HTTP 5xx, NoRoute) is OSRM up, and the next route asks again.
 */
const OSRM_REST_MS = 30_000;

export const isUnanswered = (error: unknown) =>
  error instanceof TypeError || // fetch's "fetch failed": no connection
  (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'));

/** Road routes from a (self-hosted) OSRM server's /route/v1/driving service. */
export function createOsrmRouter(baseUrl: string, options: OsrmRouterOptions = {}): RouteProvider {
  const {
    fallback = createStraightRouter(),
    log,
    cache: givenCache,
    restMs = OSRM_REST_MS,
    ...http
  } = options;
  let restingUntil = 0;
  const cache =
    givenCache ??
    createTtlCache<Promise<Route>>({ maxEntries: ROUTE_CACHE_ENTRIES, ttlMs: ROUTE_CACHE_TTL_MS });

  const fetchRoute = async (path: string): Promise<Route> => {
    const url = joinUrl(baseUrl, `route/v1/driving/${path}`);
    url.searchParams.set('overview', 'full');
    url.searchParams.set('geometries', 'polyline');
    const [best] = osrmRouteResponseSchema.parse(await fetchJson(url, http)).routes;
    if (!best) throw new Error('OSRM returned no route');
    return { encodedString: best.geometry, roadMetres: Math.round(best.distance) };
  };

  return {
    async route(from, to) {
      const path = `${osrmCoordinate(from)};${osrmCoordinate(to)}`;
      let pending = cache.get(path);
      if (!pending) {
        if (Date.now() < restingUntil) return fallback.route(from, to);
        pending = fetchRoute(path);
        cache.set(path, pending);
        // Failures are not cached: the next request tries OSRM again.
        pending.catch(() => cache.delete(path));
      }
      try {
        return await pending;
      } catch (error) {
        const rest = isUnanswered(error) && Date.now() >= restingUntil;
        if (rest) restingUntil = Date.now() + restMs;
        log?.warn(
          { err: error, ...(rest ? { restMs } : {}) },
          rest
            ? 'OSRM did not answer; straight-line estimates until it is asked again'
            : 'OSRM route failed; using the straight-line estimate',
        );
        return fallback.route(from, to);
      }
    },
  };
}

/** The router the configuration asks for: OSRM (falling back to straight) or straight. */
export function createRouter(config: RouterConfig, log?: RouteLog): RouteProvider {
  const straight = createStraightRouter(config.ROAD_CIRCUITY_FACTOR);
  if (config.ROUTER !== 'osrm' || !config.OSRM_URL) return straight;
  return createOsrmRouter(config.OSRM_URL, { fallback: straight, log });
}
