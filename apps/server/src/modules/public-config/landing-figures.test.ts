import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../lib/service-context';
import { landingFiguresCache } from './landing-figures';
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
    // Ten cabs of two (20 riders in a match), five riders alone and a cancelled pair: 27 rides, 20
    // of them shared; 27 riders show as "20+".
    const savings: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
      await matchedPair(t, a, b, { minutesAhead: 120 + i * 10 });
      if (i === 0) savings.push(await savingShownTo(a), await savingShownTo(b));
    }
    for (let i = 0; i < 5; i += 1)
      await createRide(t, await t.signUp(), { minutesAhead: 150, place: PLACES.whitefield });
    // A pair that cancelled before the trip shared nothing: not converted, no saving.
    const [c, d] = await Promise.all([t.signUp(), t.signUp()]);
    const cancelled = await matchedPair(t, c, d, { minutesAhead: 170 });
    const cancel = await t.request({
      method: 'PUT',
      url: `/api/match/${cancelled.matchId}`,
      token: c.token,
      payload: { id: cancelled.matchId, status: 'Cancelled' },
    });
    expect(cancel.statusCode).toBe(200);

    // Before the trips: riders counted, nothing yet to measure a saving or a conversion on.
    t.clock.advance(11 * 60_000);
    expect(await figures()).toEqual({
      monthlyRiders: 20,
      averageSaving: null,
      matchConversion: null,
    });

    t.clock.advance(5 * HOUR_MS);
    try {
      // Every cab is the same trip: the mean is what one cab's riders were shown.
      const mean = Math.round((savings[0]! + savings[1]!) / 2);
      expect(mean).toBeGreaterThan(0);
      expect(await figures()).toEqual({
        monthlyRiders: 20,
        averageSaving: mean,
        matchConversion: 74,
      });
    } finally {
      t.clock.advance(-5 * HOUR_MS - 11 * 60_000);
    }
  });
});

describe('landingFiguresCache', () => {
  it('keeps a failed measure 30 s, so a struggling database is not asked on every visit', async () => {
    let now = Date.parse('2026-11-27T10:00:00Z');
    let measures = 0;
    const down = () => {
      measures += 1;
      throw new Error('database down');
    };
    const ctx = {
      now: () => new Date(now),
      db: { select: down, selectDistinct: down },
    } as unknown as ServiceContext;
    const figuresNow = landingFiguresCache(ctx);
    await expect(figuresNow()).rejects.toThrow('database down');
    await expect(figuresNow()).rejects.toThrow('database down');
    expect(measures).toBe(1);
    now += 29_000;
    await expect(figuresNow()).rejects.toThrow('database down');
    expect(measures).toBe(1);
    now += 2_000;
    await expect(figuresNow()).rejects.toThrow('database down');
    expect(measures).toBe(2);
  });
});
