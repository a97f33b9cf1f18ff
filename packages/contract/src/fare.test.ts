import { describe, expect, it } from 'vitest';
import { estimateFare, splitFare } from './fare';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** A small seeded generator (mulberry32), so a failure is the same on every run. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

describe('splitFare', () => {
  it('gives whole rupees that add up to the cab fare', () => {
    expect(splitFare(301, [200, 200, 200])).toEqual([101, 100, 100]);
    // Rounded alone, 332 + 342 + 342 = 1016: the rupee left goes to the earlier of the tied two.
    expect(splitFare(1017, [330, 340, 340])).toEqual([332, 343, 342]);
    expect(splitFare(900, [400, 800])).toEqual([300, 600]);
  });

  it('splits an even fare of identical trips evenly, an odd one with the extra rupee to the first', () => {
    expect(splitFare(1100, [1100, 1100])).toEqual([550, 550]);
    expect(splitFare(1103, [1103, 1103])).toEqual([552, 551]);
  });

  it('gives the same split for the same fares, whoever asks', () => {
    expect(splitFare(1018, [600, 700, 650])).toEqual(splitFare(1018, [600, 700, 650]));
  });

  it('on random cabs: exact sum, within ₹1 of the exact share, equal solo fares within ₹1', () => {
    const random = seeded(20261124);
    const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
    for (let run = 0; run < 3000; run += 1) {
      const riders = int(2, 3);
      const soloFares = Array.from({ length: riders }, () => estimateFare(int(5, 60)));
      // Identical trips often enough: one rider's solo fare repeated.
      if (random() < 0.3) soloFares[1] = soloFares[0]!;
      const cabFare = int(Math.max(...soloFares), sum(soloFares));
      const shares = splitFare(cabFare, soloFares);
      const context = JSON.stringify({ cabFare, soloFares, shares });

      expect(shares, context).toHaveLength(riders);
      expect(sum(shares), context).toBe(cabFare);
      soloFares.forEach((solo, i) => {
        const exact = (cabFare * solo) / sum(soloFares);
        expect(Number.isInteger(shares[i]), context).toBe(true);
        expect(Math.abs(shares[i]! - exact), context).toBeLessThanOrEqual(1);
        soloFares.forEach((other, j) => {
          if (other === solo)
            expect(Math.abs(shares[i]! - shares[j]!), context).toBeLessThanOrEqual(1);
          // Proportional: a larger solo fare never pays less.
          if (other > solo) expect(shares[j]!, context).toBeGreaterThanOrEqual(shares[i]!);
        });
      });
    }
  });
});
