import { describe, expect, it } from 'vitest';
import { decodePolyline, type LatLng } from './decode-polyline';

/** The reference encoder from Google's format description, to generate property cases. */
function encode(points: readonly LatLng[]): string {
  let output = '';
  let previousLatitude = 0;
  let previousLongitude = 0;
  const writeDelta = (delta: number) => {
    let value = delta < 0 ? ~(delta << 1) : delta << 1;
    while (value >= 0x20) {
      output += String.fromCharCode((0x20 | (value & 0x1f)) + 63);
      value >>= 5;
    }
    output += String.fromCharCode(value + 63);
  };
  for (const point of points) {
    const latitude = Math.round(point.latitude * 1e5);
    const longitude = Math.round(point.longitude * 1e5);
    writeDelta(latitude - previousLatitude);
    writeDelta(longitude - previousLongitude);
    previousLatitude = latitude;
    previousLongitude = longitude;
  }
  return output;
}

describe('decodePolyline', () => {
  it("decodes Google's documented example", () => {
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([
      { latitude: 38.5, longitude: -120.2 },
      { latitude: 40.7, longitude: -120.95 },
      { latitude: 43.252, longitude: -126.453 },
    ]);
  });

  it('decodes an empty string to no points', () => {
    expect(decodePolyline('')).toEqual([]);
  });

  it('round-trips random paths around Bengaluru', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 200; run += 1) {
      const length = 1 + Math.floor(random() * 30);
      const path = Array.from({ length }, () => ({
        latitude: Math.round((12.7 + random() * 0.6) * 1e5) / 1e5,
        longitude: Math.round((77.4 + random() * 0.4) * 1e5) / 1e5,
      }));
      const decoded = decodePolyline(encode(path));
      expect(decoded).toHaveLength(path.length);
      decoded.forEach((point, i) => {
        expect(point.latitude).toBeCloseTo(path[i]!.latitude, 5);
        expect(point.longitude).toBeCloseTo(path[i]!.longitude, 5);
      });
    }
  });

  it('keeps the points read before a truncated or invalid tail', () => {
    const full = encode([
      { latitude: 13.1991, longitude: 77.7105 },
      { latitude: 12.9352, longitude: 77.6245 },
    ]);
    expect(decodePolyline(full.slice(0, -2))).toEqual([{ latitude: 13.1991, longitude: 77.7105 }]);
    expect(decodePolyline(`${full}  `)).toHaveLength(2);
  });
});
