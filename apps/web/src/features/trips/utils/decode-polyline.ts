export type LatLng = { latitude: number; longitude: number };

/**
 * Decodes Google's encoded polyline format at precision 5, what Place.encodedString holds (the
 * server encodes with @mapbox/polyline). Kept here, a dozen lines, rather than adding a package.
 * A malformed string yields the points read before the fault instead of throwing: a sketch
 * with a shorter path beats a broken card.
 */
export function decodePolyline(encoded: string, precision = 5): LatLng[] {
  const factor = 10 ** precision;
  const points: LatLng[] = [];
  let index = 0;
  let latitude = 0;
  let longitude = 0;

  const readDelta = (): number | null => {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (index >= encoded.length) return null;
      const byte = encoded.charCodeAt(index++) - 63;
      if (byte < 0 || byte > 63) return null;
      result |= (byte & 0x1f) << shift;
      shift += 5;
      if (byte < 0x20) break;
      if (shift > 30) return null;
    }
    return result & 1 ? ~(result >> 1) : result >> 1;
  };

  while (index < encoded.length) {
    const latitudeDelta = readDelta();
    const longitudeDelta = readDelta();
    if (latitudeDelta === null || longitudeDelta === null) break;
    latitude += latitudeDelta;
    longitude += longitudeDelta;
    points.push({ latitude: latitude / factor, longitude: longitude / factor });
  }
  return points;
}
