import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { haversineMetres } from '../../lib/geo/distance';
import { fitCab, fitPercentage, type CabRider, type FitLimits } from './cab-fit';
import { airportLeg, soloTrip, speedsAt } from '../../lib/geo/trip-geometry';

const LIMITS: FitLimits = { maxDetourMinutes: 15, maxDetourShare: 0.25, maxWaitMinutes: 15 };
const PLACES = {
  hebbal: { latitude: 13.0358, longitude: 77.5971 },
  indiranagar: { latitude: 12.9719, longitude: 77.6412 },
  koramangala: { latitude: 12.9352, longitude: 77.6245 },
  hsr: { latitude: 12.9116, longitude: 77.6474 },
  malleshwaram: { latitude: 13.0035, longitude: 77.5709 },
  whitefield: { latitude: 12.9698, longitude: 77.75 },
  electronicCity: { latitude: 12.8456, longitude: 77.6603 },
};
const T1 = { latitude: 13.1991, longitude: 77.7105 };
const at = (hhmm: string) => Date.parse(`2026-11-24T${hhmm}:00+05:30`);
const rider = (
  id: keyof typeof PLACES | string,
  direction: CabRider['direction'],
  time: string,
  place = PLACES[id as keyof typeof PLACES],
): CabRider => ({ id, direction, terminal: 'T1', place, timeMs: at(time) });

describe('trip geometry on the airport corridors', () => {
  it('follows the corridors: typical road distances, and more than the straight line', () => {
    expect(soloTrip(PLACES.hebbal, at('12:00')).km).toBeCloseTo(29, 0);
    expect(airportLeg(PLACES.hebbal).corridor.id).toBe('nh44');
    expect(airportLeg(PLACES.whitefield).corridor.id).toBe('east');
    expect(airportLeg(PLACES.indiranagar).corridor.id).toBe('hennur');
    for (const place of Object.values(PLACES)) {
      expect(soloTrip(place, at('12:00')).km * 1000).toBeGreaterThan(haversineMetres(T1, place));
    }
  });

  it('is slower in the peaks than at night, in Asia/Kolkata hours', () => {
    expect(speedsAt(at('18:00')).city).toBeLessThan(speedsAt(at('23:30')).city);
    expect(soloTrip(PLACES.koramangala, at('09:00')).minutes).toBeGreaterThan(
      soloTrip(PLACES.koramangala, at('02:00')).minutes,
    );
  });
});

describe('a shared cab within per-rider limits', () => {
  it('identical trips score 100 with no extra minutes and half the fare each', () => {
    const fit = fitCab(
      [rider('hsr', 'drop', '16:00'), { ...rider('hsr', 'drop', '16:00'), id: 'b' }],
      LIMITS,
    )!;
    expect(fit.matchPercentage).toBe(100);
    expect(fit.riders.map((r) => r.extraMinutes)).toEqual([0, 0]);
    // Half each, the odd rupee (if any) to the first rider: the shares add up to the cab fare.
    expect(fit.riders.map((r) => r.share)).toEqual([
      Math.ceil(fit.cabFare / 2),
      Math.floor(fit.cabFare / 2),
    ]);
  });

  it('says when the cab sets off and who waits for it: the kerb wait of a drop, none on a pickup', () => {
    const drop = fitCab(
      [rider('hsr', 'drop', '16:00'), { ...rider('hsr', 'drop', '16:15'), id: 'b' }],
      LIMITS,
    )!;
    expect(drop.leavesAtMs).toBe(at('16:15'));
    const early = drop.riders.find((r) => r.id === 'hsr')!;
    expect(early.waitMinutes).toBe(15);
    expect(drop.riders.find((r) => r.id === 'b')!.waitMinutes).toBe(0);
    // The same place, dropped together: the one who waited is home 15 minutes later than alone.
    expect((early.reachesAtMs - at('16:00')) / 60_000 - early.soloMinutes).toBeCloseTo(15, 6);

    const pickup = fitCab(
      [rider('hsr', 'pickup', '16:00'), { ...rider('hsr', 'pickup', '16:30'), id: 'b' }],
      LIMITS,
    )!;
    expect(pickup.riders.map((r) => r.waitMinutes)).toEqual([0, 0]);
    expect(pickup.leavesAtMs).toBe(Math.min(...pickup.riders.map((r) => r.reachesAtMs)));
    expect(pickup.leavesAtMs).toBe(at('16:15'));
  });

  it('worked examples of docs/matching.md', () => {
    // Same place 55 minutes apart: a 55-minute wait at the kerb.
    expect(
      fitCab(
        [rider('hsr', 'drop', '16:00'), { ...rider('hsr', 'drop', '16:55'), id: 'b' }],
        LIMITS,
      ),
    ).toBeNull();
    // Hebbal lies on the NH44 road to Koramangala: no detour, shown though 11.6 km apart.
    const hebbal = fitCab(
      [rider('hebbal', 'drop', '16:00'), rider('koramangala', 'drop', '16:05')],
      LIMITS,
    )!;
    expect(hebbal.riders.map((r) => r.id)).toEqual(['hebbal', 'koramangala']);
    expect(Math.max(...hebbal.riders.map((r) => r.extraMinutes))).toBeLessThan(3);
    // Across the centre: too long a detour for either rider.
    expect(
      fitCab(
        [rider('indiranagar', 'drop', '16:00'), rider('malleshwaram', 'drop', '16:00')],
        LIMITS,
      ),
    ).toBeNull();
    // To the airport the cab reaches Koramangala after the drive from HSR: 16:15 fits exactly.
    const exact = fitCab(
      [rider('hsr', 'pickup', '16:00'), rider('koramangala', 'pickup', '16:15')],
      LIMITS,
    )!;
    const misfit = fitCab(
      [rider('hsr', 'pickup', '16:00'), rider('koramangala', 'pickup', '16:00')],
      LIMITS,
    )!;
    expect(exact.misfitMinutes).toBeLessThan(1);
    expect(exact.matchPercentage).toBeGreaterThan(misfit.matchPercentage);
    expect(exact.riders.map((r) => r.id)).toEqual(['hsr', 'koramangala']);
  });

  const place = fc.record({
    latitude: fc.double({ min: 12.82, max: 13.1, noNaN: true }),
    longitude: fc.double({ min: 77.48, max: 77.78, noNaN: true }),
  });
  // Co-riders near the first (up to ~5 km away) and close in time, so most cabs fit and the
  // properties below are asserted, not skipped.
  const nearby = fc.record({
    dLat: fc.double({ min: -0.045, max: 0.045, noNaN: true }),
    dLng: fc.double({ min: -0.045, max: 0.045, noNaN: true }),
    terminal: fc.constantFrom('T1', 'T2'),
    minutes: fc.integer({ min: 0, max: 20 }),
  });
  type Near = { dLat: number; dLng: number; terminal: string; minutes: number };
  const around = (
    id: string,
    direction: CabRider['direction'],
    origin: { latitude: number; longitude: number },
    n: Near,
  ): CabRider => ({
    id,
    direction,
    terminal: n.terminal,
    place: { latitude: origin.latitude + n.dLat, longitude: origin.longitude + n.dLng },
    timeMs: at('15:00') + n.minutes * 60_000,
  });

  it('never shows anything past a limit; every rider saves; shares add up to the cab fare; order-free', () => {
    let asserted = 0;
    let threes = 0;
    fc.assert(
      fc.property(
        fc.constantFrom<CabRider['direction']>('drop', 'pickup'),
        place,
        nearby,
        nearby,
        nearby,
        fc.boolean(),
        (direction, origin, a, b, c, three) => {
          const riders = [around('a', direction, origin, a), around('b', direction, origin, b)];
          if (three) riders.push(around('c', direction, origin, c));
          const fit = fitCab(riders, LIMITS);
          const reversed = fitCab([...riders].reverse(), LIMITS);
          // Whoever looks (whichever rider comes first), every rider sees the same cab.
          expect(reversed?.riders).toEqual(fit?.riders);
          if (!fit) return;
          asserted += 1;
          if (three) threes += 1;
          expect(fit.misfitMinutes).toBeLessThanOrEqual(LIMITS.maxWaitMinutes + 1e-9);
          const clock =
            direction === 'drop'
              ? Math.max(...riders.map((r) => r.timeMs))
              : Math.min(...riders.map((r) => r.timeMs));
          for (const r of fit.riders) {
            const own = riders.find((x) => x.id === r.id)!;
            // Solo minutes are the rider's own trip, whatever place they take in the cab.
            expect(r.soloMinutes).toBeCloseTo(soloTrip(own.place, clock).minutes, 9);
            expect(r.extraMinutes).toBeLessThanOrEqual(15 + 1e-9);
            expect(r.extraMinutes).toBeLessThanOrEqual(0.25 * r.soloMinutes + 1e-9);
            expect(r.saving).toBeGreaterThanOrEqual(0);
          }
          const shares = fit.riders.reduce((sum, r) => sum + r.share, 0);
          // Each rider's share and saving add up across the cab: the shares make the cab fare.
          expect(shares).toBe(fit.cabFare);
          expect(fit.riders.reduce((sum, r) => sum + r.soloFare - r.saving, 0)).toBe(fit.cabFare);
          expect(fit.matchPercentage).toBeGreaterThanOrEqual(0);
          expect(fit.matchPercentage).toBeLessThanOrEqual(100);
        },
      ),
      { numRuns: 500 },
    );
    // The generator makes fitting cabs, of two and of three, often enough to mean something.
    expect(asserted).toBeGreaterThan(150);
    expect(threes).toBeGreaterThan(30);
  });

  it('the percentage falls as the detour or the misfit grows, and rises with the saving', () => {
    const share = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(share, share, share, share, (saving, detour, misfit, more) => {
        const base = fitPercentage({ saving, worstDetour: detour, misfit });
        const worse = (x: number) => Math.min(1, x + more);
        expect(fitPercentage({ saving, worstDetour: worse(detour), misfit })).toBeLessThanOrEqual(
          base,
        );
        expect(
          fitPercentage({ saving, worstDetour: detour, misfit: worse(misfit) }),
        ).toBeLessThanOrEqual(base);
        expect(
          fitPercentage({ saving: worse(saving), worstDetour: detour, misfit }),
        ).toBeGreaterThanOrEqual(base);
      }),
    );
    expect(fitPercentage({ saving: 1, worstDetour: 0, misfit: 0 })).toBe(100);
    expect(fitPercentage({ saving: 0, worstDetour: 1, misfit: 1 })).toBe(13);
  });

  it('a longer wait at the kerb lowers the percentage of the same two riders', () => {
    let asserted = 0;
    fc.assert(
      fc.property(place, nearby, fc.integer({ min: 0, max: 14 }), (origin, n, gap) => {
        const withGap = (minutes: number) =>
          fitCab(
            [
              { id: 'a', direction: 'drop', terminal: 'T1', place: origin, timeMs: at('13:00') },
              { ...around('b', 'drop', origin, n), timeMs: at('13:00') + minutes * 60_000 },
            ],
            LIMITS,
          );
        const later = withGap(gap + 1);
        if (!later) return;
        asserted += 1;
        expect(withGap(gap)!.matchPercentage).toBeGreaterThanOrEqual(later.matchPercentage);
      }),
      { numRuns: 300 },
    );
    expect(asserted).toBeGreaterThan(100);
  });

  it('to the airport, never plans a pickup that is not after now (a cab still to form)', () => {
    // Both want 16:00; the cab must reach the second after the drive, so the first is collected
    // a few minutes early and the second a few minutes late.
    const riders = [
      rider('koramangala', 'pickup', '16:00'),
      rider('indiranagar', 'pickup', '16:00'),
    ];
    const plan = fitCab(riders, LIMITS)!;
    const firstPickup = Math.min(...plan.riders.map((r) => r.reachesAtMs));
    expect(firstPickup).toBeLessThan(at('16:00'));
    expect(fitCab(riders, LIMITS, firstPickup - 60_000)).toEqual(plan);
    expect(fitCab(riders, LIMITS, firstPickup)).toBeNull();
    // From the airport the cab leaves at the last kerb time, which is ahead while the rides are.
    const drops = [rider('koramangala', 'drop', '16:00'), rider('indiranagar', 'drop', '16:05')];
    expect(fitCab(drops, LIMITS, at('15:59'))).toEqual(fitCab(drops, LIMITS));
  });

  it('riders going different ways never share', () => {
    expect(
      fitCab(
        [rider('hsr', 'drop', '16:00'), { ...rider('hsr', 'pickup', '16:00'), id: 'b' }],
        LIMITS,
      ),
    ).toBeNull();
  });
});
