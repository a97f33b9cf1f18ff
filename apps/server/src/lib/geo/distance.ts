/** A point on the earth in degrees, the shape every place and terminal already has. */
export type LatLng = { latitude: number; longitude: number };

/** Mean earth radius (IUGG); the error against the ellipsoid is under 0.5 % anywhere. */
export const EARTH_RADIUS_METRES = 6_371_008.8;

/** One interpolated point per ~1 km keeps a drawn line smooth without bloating the polyline. */
const METRES_PER_SEGMENT = 1000;
/** 64 points at most: enough for any trip inside the city, and a bounded string to store. */
const MAX_SEGMENTS = 63;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** Central angle between two points (haversine form, stable for short distances). */
function centralAngle(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Great-circle ("as the crow flies") distance in metres. */
export function haversineMetres(a: LatLng, b: LatLng): number {
  return EARTH_RADIUS_METRES * centralAngle(a, b);
}

/**
 * Points along the great circle from a to b, both ends included exactly (so a decoded path
 * starts at the terminal and ends at the place). `segments` defaults to one per kilometre,
 * capped so the path has at most 64 points.
 */
export function greatCirclePath(a: LatLng, b: LatLng, segments?: number): LatLng[] {
  const angle = centralAngle(a, b);
  const count = Math.max(
    1,
    Math.floor(
      segments ??
        Math.min(MAX_SEGMENTS, Math.ceil((angle * EARTH_RADIUS_METRES) / METRES_PER_SEGMENT)),
    ),
  );
  const start = { latitude: a.latitude, longitude: a.longitude };
  const end = { latitude: b.latitude, longitude: b.longitude };
  if (angle === 0 || count === 1) return [start, end];

  // Spherical linear interpolation between the two unit vectors.
  const [lat1, lon1, lat2, lon2] = [a.latitude, a.longitude, b.latitude, b.longitude].map(
    toRadians,
  ) as [number, number, number, number];
  const sinAngle = Math.sin(angle);
  const path: LatLng[] = [start];
  for (let i = 1; i < count; i++) {
    const fraction = i / count;
    const wa = Math.sin((1 - fraction) * angle) / sinAngle;
    const wb = Math.sin(fraction * angle) / sinAngle;
    const x = wa * Math.cos(lat1) * Math.cos(lon1) + wb * Math.cos(lat2) * Math.cos(lon2);
    const y = wa * Math.cos(lat1) * Math.sin(lon1) + wb * Math.cos(lat2) * Math.sin(lon2);
    const z = wa * Math.sin(lat1) + wb * Math.sin(lat2);
    path.push({
      latitude: toDegrees(Math.atan2(z, Math.hypot(x, y))),
      longitude: toDegrees(Math.atan2(y, x)),
    });
  }
  path.push(end);
  return path;
}
