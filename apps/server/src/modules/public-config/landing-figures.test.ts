import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRide, matchedPair, PLACES } from '../../test/ride-factory';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR_MS = 3_600_000;
const figures = async () => {
  const res = await t.request({ method: 'GET', url: '/api/public/figures' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=300');
  return res.json().entities[0];
};

/** The saving a rider's own trip card shows for their cab. */
const savingShownTo = async (rider: SignedUpUser) => {
  const res = await t.request({
    method: 'GET',
    url: `/api/match-or-ride-request/upcoming/${rider.id}`,
    token: rider.token,
  });
  const withMatch = res.json().entities.find((e: { match?: unknown }) => e.match);
  return withMatch.match.fit.saving as number;
};

describe('the landing page figures (decision 018)', () => {
  it('claims nothing before rides stand behind a figure', async () => {
    expect(await figures()).toEqual({
      monthlyRiders: null,
      averageSaving: null,
      matchConversion: null,
    });
  });

  it("are the product's own: riders this month, their mean saving, the share of rides matched", async () => {
    // Ten cabs of two (20 riders in a match) and five riders alone: 25 rides, 20 matched.
    const savings: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
      await matchedPair(t, a, b, { minutesAhead: 120 + i * 10 });
      if (i === 0) savings.push(await savingShownTo(a), await savingShownTo(b));
    }
    for (let i = 0; i < 5; i += 1)
      await createRide(t, await t.signUp(), { minutesAhead: 150, place: PLACES.whitefield });

    // Before the trips: riders counted, nothing yet to measure a saving or a conversion on.
    t.clock.advance(11 * 60_000);
    expect(await figures()).toEqual({
      monthlyRiders: 25,
      averageSaving: null,
      matchConversion: null,
    });

    t.clock.advance(5 * HOUR_MS);
    try {
      // Every cab is the same trip: the mean is what one cab's riders were shown.
      const mean = Math.round((savings[0]! + savings[1]!) / 2);
      expect(mean).toBeGreaterThan(0);
      expect(await figures()).toEqual({
        monthlyRiders: 25,
        averageSaving: mean,
        matchConversion: 80,
      });
    } finally {
      t.clock.advance(-5 * HOUR_MS - 11 * 60_000);
    }
  });
});
