import type { LatLng } from './decode-polyline';

/** A place to mark on a RouteMap; the label is its tooltip and names it in the text fallback. */
export type MapPoint = LatLng & { label: string };

/**
 * The route in words, 'Terminal 1 → Koramangala', from the first and last points: RouteMap's
 * convention is that those two are the route's ends and any points between are extra stops.
 */
export function describeRoute(points: readonly MapPoint[]): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return 'No places to show';
  if (points.length === 1) return first.label;
  return `${first.label} → ${last.label}`;
}

/** Whether a point is one of the route's two ends, which both the map and the sketch emphasise. */
export const isRouteEnd = (index: number, count: number) => index === 0 || index === count - 1;
