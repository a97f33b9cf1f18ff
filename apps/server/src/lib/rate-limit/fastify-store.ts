import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { LimitStore } from './limit-store';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * @fastify/rate-limit's store contract (`incr`, `child`) over our LimitStore, so route limits
 * count in the same shared store as every other limit: once across all instances.
 */
export function fastifyRateLimitStore(store: LimitStore): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(params: object = {}) {
      const route = (params as RouteParams).routeInfo;
      // One counter family per route, as the plugin's own per-route stores have.
      this.prefix = route?.url ? `route:${String(route.method)} ${route.url}` : 'route:shared';
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      const nowMs = Date.now();
      store.hit(`${this.prefix}|${key}`, timeWindow, nowMs).then(
        (hit) => callback(null, { current: hit.count, ttl: Math.max(0, hit.resetAtMs - nowMs) }),
        (error: Error) => callback(error),
      );
    }

    child(params: object) {
      // The plugin passes the merged limit options with the route under `routeInfo`.
      return new SharedRateLimitStore(params as RouteParams);
    }
  };
}
