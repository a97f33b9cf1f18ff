import polyline from '@mapbox/polyline';
import type { LatLng } from './distance';

/** Google's encoded polyline format at 5 decimals (~1 m), what the spec's encodedString holds. */
const PRECISION = 5;

/** Encodes a path; @mapbox/polyline takes [latitude, longitude] pairs, not GeoJSON order. */
export function encodePath(points: readonly LatLng[]): string {
  return polyline.encode(
    points.map((point) => [point.latitude, point.longitude]),
    PRECISION,
  );
}

/** Decodes a precision-5 polyline (the library does not validate: garbage decodes to garbage). */
export function decodePath(encoded: string): LatLng[] {
  return polyline
    .decode(encoded, PRECISION)
    .map(([latitude, longitude]) => ({ latitude, longitude }));
}
