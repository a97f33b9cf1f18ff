import { describe, expect, it } from 'vitest';
import { decodePath, encodePath } from './polyline';
import { seededRandom } from '../../test/seeded-random';

const googleExample = [
  { latitude: 38.5, longitude: -120.2 },
  { latitude: 40.7, longitude: -120.95 },
  { latitude: 43.252, longitude: -126.453 },
];
// Google's documented example of the encoded polyline algorithm format.
const googleEncoded = '_p~iF~ps|U_ulLnnqC_mqNvxq`@';

describe('encoded polylines (precision 5)', () => {
  it("matches Google's documented example both ways", () => {
    expect(encodePath(googleExample)).toBe(googleEncoded);
    expect(decodePath(googleEncoded)).toEqual(googleExample);
  });

  it('round-trips random paths to the nearest 0.00001 degree', () => {
    const next = seededRandom(7);
    for (let run = 0; run < 200; run++) {
      const path = Array.from({ length: 1 + Math.floor(next() * 40) }, () => ({
        latitude: -90 + next() * 180,
        longitude: -180 + next() * 360,
      }));
      const decoded = decodePath(encodePath(path));
      expect(decoded).toHaveLength(path.length);
      decoded.forEach((point, i) => {
        expect(Math.abs(point.latitude - path[i]!.latitude)).toBeLessThanOrEqual(0.000005 + 1e-9);
        expect(Math.abs(point.longitude - path[i]!.longitude)).toBeLessThanOrEqual(0.000005 + 1e-9);
      });
    }
  });

  it('encodes the empty path as the empty string', () => {
    expect(encodePath([])).toBe('');
    expect(decodePath('')).toEqual([]);
  });
});
