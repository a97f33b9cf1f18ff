import { describe, expect, it } from 'vitest';
import { TERMINALS } from '@aeropool/contract/places';
import { EARTH_RADIUS_METRES, greatCirclePath, haversineMetres } from './distance';
import { seededRandom } from '../../test/seeded-random';

const [terminal1] = TERMINALS;
const mgRoad = { latitude: 12.9757, longitude: 77.606 };

describe('haversineMetres', () => {
  it('measures one degree of a meridian as 2πR/360', () => {
    const metres = haversineMetres(
      { latitude: 12, longitude: 77 },
      { latitude: 13, longitude: 77 },
    );
    expect(metres).toBeCloseTo((2 * Math.PI * EARTH_RADIUS_METRES) / 360, 3);
  });

  it('puts MG Road about 27 km from Terminal 1 as the crow flies', () => {
    const metres = haversineMetres(mgRoad, terminal1);
    expect(metres).toBeGreaterThan(27_000);
    expect(metres).toBeLessThan(27_600);
  });

  it('is zero for a point and symmetric', () => {
    expect(haversineMetres(mgRoad, mgRoad)).toBe(0);
    expect(haversineMetres(mgRoad, terminal1)).toBe(haversineMetres(terminal1, mgRoad));
  });
});

describe('greatCirclePath', () => {
  it('starts and ends exactly at the given points with about one point per km', () => {
    const path = greatCirclePath(terminal1, mgRoad);
    expect(path[0]).toEqual({ latitude: terminal1.latitude, longitude: terminal1.longitude });
    expect(path.at(-1)).toEqual(mgRoad);
    // 27.x km → 28 segments → 29 points.
    expect(path).toHaveLength(29);
  });

  it('never has more than 64 points, and honours an explicit segment count', () => {
    const far = { latitude: 28.5562, longitude: 77.1 }; // Delhi airport, ~1700 km
    expect(greatCirclePath(terminal1, far)).toHaveLength(64);
    expect(greatCirclePath(terminal1, mgRoad, 4)).toHaveLength(5);
    expect(greatCirclePath(mgRoad, mgRoad)).toEqual([mgRoad, mgRoad]);
  });

  it('puts every point on the great circle, evenly spaced', () => {
    const next = seededRandom(42);
    for (let run = 0; run < 50; run++) {
      const a = { latitude: 12.7 + next() * 0.6, longitude: 77.4 + next() * 0.4 };
      const b = { latitude: 12.7 + next() * 0.6, longitude: 77.4 + next() * 0.4 };
      const total = haversineMetres(a, b);
      const path = greatCirclePath(a, b, 10);
      path.forEach((point, i) => {
        // On the arc: the detour through the point is (numerically) nothing.
        expect(haversineMetres(a, point) + haversineMetres(point, b)).toBeCloseTo(total, 3);
        expect(haversineMetres(a, point)).toBeCloseTo((total * i) / 10, 3);
      });
    }
  });
});
