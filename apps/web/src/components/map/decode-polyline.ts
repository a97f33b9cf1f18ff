export type LatLng = { latitude: number; longitude: number };

/**
 * Decodes Google's encoded polyline format at precision 5, which is what Place.encodedString
 * holds. A dozen lines here beat a dependency. A malformed tail ends the path instead of
 * throwing: a shorter line on a map is better than a broken card.
 */
export function decodePolyline(encoded: string): LatLng[] {
  const points: LatLng[] = [];
  let index = 0;
  let latitude = 0;
  let longitude = 0;

  const readDelta = (): number | null => {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (index >= encoded.length) return null;
      const chunk = encoded.charCodeAt(index++) - 63;
      if (chunk < 0 || chunk > 63) return null;
      result |= (chunk & 0x1f) << shift;
      shift += 5;
      if (chunk < 0x20) break;
      // Past 32 bits the value overflows; no real coordinate delta is that large.
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
    points.push({ latitude: latitude / 1e5, longitude: longitude / 1e5 });
  }
  return points;
}
