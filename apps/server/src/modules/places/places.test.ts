import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInCityBounds, TERMINALS } from '@aeropool/contract/places';
import { airportLeg, legKm } from '../../lib/geo/trip-geometry';
import { haversineMetres } from '../../lib/geo/distance';
import { decodePath } from '../../lib/geo/polyline';
import { createStraightRouter } from '../../lib/geo/router';
import { createTestApp, type TestApp } from '../../test/test-app';
import { resolveRoute } from './places-service';

type Place = { name: string; latitude: number; longitude: number; encodedString: string };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = (query: string) => t.request({ method: 'GET', url: `/api/places/search?${query}` });
const places = async (query: string): Promise<Place[]> => {
  const res = await search(query);
  expect(res.statusCode).toBe(200);
  return res.json().entities;
};

/** Within the polyline's precision (5 decimals). */
const expectNear = (
  actual: { latitude: number; longitude: number } | undefined,
  expected: Place | (typeof TERMINALS)[number],
) => {
  expect(actual?.latitude).toBeCloseTo(expected.latitude, 5);
  expect(actual?.longitude).toBeCloseTo(expected.longitude, 5);
};

describe('GET /api/places/search (offline gazetteer)', () => {
  it("finds Koramangala first for 'kor', in the spec's envelope, without sign-in", async () => {
    const res = await search('q=kor');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 200, message: 'OK' });
    expect(body.entities[0]).toEqual({
      name: 'Koramangala',
      latitude: 12.9352,
      longitude: 77.6245,
      encodedString: expect.any(String),
    });
  });

  it('answers at most 5 places, all inside the box', async () => {
    for (const q of ['road', 'metro station', 'nagar', 'hebbal']) {
      const found = await places(`q=${encodeURIComponent(q)}`);
      expect(found.length).toBeGreaterThan(0);
      expect(found.length).toBeLessThanOrEqual(5);
      for (const place of found) expect(isInCityBounds(place)).toBe(true);
    }
  });

  it('returns a route from Terminal 1 to each place by default, or from the asked terminal', async () => {
    const [t1, t2] = TERMINALS;
    const [place] = await places('q=whitefield');
    const path = decodePath(place!.encodedString);
    expect(path.length).toBeGreaterThan(2);
    expectNear(path[0], t1);
    expectNear(path.at(-1), place!);

    const [fromT2] = await places('q=whitefield&terminal=T2');
    expectNear(decodePath(fromT2!.encodedString)[0], t2);
    expectNear(decodePath(fromT2!.encodedString).at(-1), place!);
  });

  it('needs at least 3 characters, and a known provider and terminal', async () => {
    for (const query of ['q=ko', 'q=%20%20ko%20', 'q=']) {
      const res = await search(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        message: 'Type at least 3 characters to search.',
        entities: [],
      });
    }
    expect((await search('')).statusCode).toBe(400);
    expect((await search('q=kor&provider=google')).statusCode).toBe(400);
    expect((await search('q=kor&terminal=T3')).statusCode).toBe(400);
  });

  it('refuses an online provider that is not configured', async () => {
    for (const provider of ['photon', 'nominatim']) {
      const res = await search(`q=kor&provider=${provider}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'This location provider is not configured.' });
    }
    expect((await places('q=kor&provider=offline'))[0]?.name).toBe('Koramangala');
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await places('q=zzqxj')).toEqual([]);
  });
});

describe('GET /api/places/providers', () => {
  it('offers only the offline gazetteer by default', async () => {
    const res = await t.request({ method: 'GET', url: '/api/places/providers' });
    expect(res.json()).toEqual({
      statusCode: 200,
      message: 'OK',
      entities: [{ default: 'offline', available: ['offline'] }],
    });
  });
});

describe('resolveRoute', () => {
  it('estimates the road distance from a terminal on the airport corridors', async () => {
    const place = { latitude: 12.9757, longitude: 77.606 };
    const corridorMetres = Math.round(legKm(airportLeg(place)) * 1000);
    const route = await resolveRoute(t.app, 'T1', place);
    expect(route.roadMetres).toBe(corridorMetres);
    expect(route.roadMetres).toBeGreaterThan(haversineMetres(TERMINALS[0], place));
    expect(await resolveRoute(createStraightRouter(2), TERMINALS[1], place)).toMatchObject({
      roadMetres: corridorMetres,
    });
  });
});

describe('rate limit', () => {
  it('allows 60 searches a minute per address', async () => {
    const own = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) {
        statuses.push(
          (await own.request({ method: 'GET', url: '/api/places/search?q=hebbal' })).statusCode,
        );
      }
      expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
      const limited = await own.request({ method: 'GET', url: '/api/places/search?q=hebbal' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many attempts/);
      // Reading the provider list is not limited by searches.
      expect((await own.request({ method: 'GET', url: '/api/places/providers' })).statusCode).toBe(
        200,
      );
    } finally {
      await own.close();
    }
  });
});
