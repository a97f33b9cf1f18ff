import { describe, expect, it } from 'vitest';
import { TERMINALS } from '@aeropool/contract/places';
import { haversineMetres } from '../../lib/geo/distance';
import { fareFor, scoreMatch, type TripEnds } from './match-score';

const [T1, T2]: { latitude: number; longitude: number }[] = [...TERMINALS];
const options = { circuity: 1.3, windowMinutes: 60 };
const KORAMANGALA = { latitude: 12.9352, longitude: 77.6245 };
const base = Date.UTC(2026, 11, 1, 4, 0);

const trip = (
  place: { latitude: number; longitude: number },
  minutes = 0,
  terminal = T1!,
): TripEnds => ({
  terminal,
  place,
  roadMetres: haversineMetres(terminal, place) * options.circuity,
  timeOfTravel: base + minutes * 60_000,
});

/** A point `km` north-east-ish of Koramangala, deterministic from the seed. */
const near = (seed: number, km: number) => {
  const angle = (seed * 137.5 * Math.PI) / 180;
  return {
    latitude: KORAMANGALA.latitude + (km / 111) * Math.sin(angle),
    longitude: KORAMANGALA.longitude + (km / 111) * Math.cos(angle),
  };
};

describe('scoreMatch', () => {
  it('gives 100 for identical place and time, with distance 0', () => {
    const s = scoreMatch(trip(KORAMANGALA), trip(KORAMANGALA), options);
    expect(s).toMatchObject({ matchPercentage: 100, distance: 0 });
  });

  it('is the same seen from either rider', () => {
    for (let seed = 1; seed <= 50; seed += 1) {
      const a = trip(near(seed, seed % 9), seed % 45, seed % 2 ? T1! : T2!);
      const b = trip(near(seed * 7, (seed * 3) % 10), (seed * 11) % 60, seed % 3 ? T2! : T1!);
      expect(scoreMatch(a, b, options)).toEqual(scoreMatch(b, a, options));
    }
  });

  it('falls as the detour grows (same time)', () => {
    for (let seed = 1; seed <= 20; seed += 1) {
      let previous = 101;
      for (const km of [0, 0.5, 1, 2, 4, 6, 8, 10]) {
        const score = scoreMatch(trip(KORAMANGALA), trip(near(seed, km)), options).matchPercentage;
        expect(score).toBeLessThanOrEqual(previous);
        previous = score;
      }
      expect(previous).toBeLessThan(100);
    }
  });

  it('falls as the time gap grows (same place), halving at the window edge', () => {
    let previous = 101;
    for (const minutes of [0, 5, 15, 30, 45, 60]) {
      const score = scoreMatch(
        trip(KORAMANGALA),
        trip(KORAMANGALA, minutes),
        options,
      ).matchPercentage;
      expect(score).toBeLessThan(previous);
      previous = score;
    }
    expect(previous).toBe(50);
  });

  it('stays an integer within 0..100 for any pair', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const s = scoreMatch(
        trip(near(seed, seed % 15)),
        trip(near(seed * 3, (seed * 5) % 15), seed % 61),
        options,
      );
      expect(Number.isInteger(s.matchPercentage)).toBe(true);
      expect(s.matchPercentage).toBeGreaterThanOrEqual(0);
      expect(s.matchPercentage).toBeLessThanOrEqual(100);
    }
  });

  it('scores a neighbour a few km away high but below 100', () => {
    const indiranagar = { latitude: 12.9784, longitude: 77.6408 };
    const s = scoreMatch(trip(KORAMANGALA), trip(indiranagar, 10), options);
    expect(s.matchPercentage).toBeGreaterThan(60);
    expect(s.matchPercentage).toBeLessThan(100);
    expect(s.distance).toBeGreaterThan(4500);
    expect(s.distance).toBeLessThan(5500);
  });
});

describe('fareFor', () => {
  it('makes sharing cheaper per person than going alone, and equal trips split in half', () => {
    const a = trip(KORAMANGALA);
    const fare = fareFor(a, scoreMatch(a, trip(KORAMANGALA), options));
    expect(fare.sharedPerPerson).toBe(Math.round(fare.solo / 2));
    const b = trip(near(3, 4));
    const f2 = fareFor(a, scoreMatch(a, b, options));
    expect(f2.sharedPerPerson).toBeLessThan(f2.solo);
  });
});
