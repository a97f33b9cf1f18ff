import { afterEach, describe, expect, it, vi } from 'vitest';
import { TERMINALS } from '@aeropool/contract/places';
import { haversineMetres } from './distance';
import { startHttpStandIn, type HttpStandIn, type StandInAnswer } from '../../test/http-stand-in';
import { decodePath, encodePath } from './polyline';
import { createOsrmRouter, createRouter, createStraightRouter } from './router';
import { airportLeg, legKm } from './trip-geometry';

const [terminal1] = TERMINALS;
const koramangala = { latitude: 12.9352, longitude: 77.6245 };
// A road-shaped path OSRM might answer with (three points, not the straight line).
const roadGeometry = encodePath([terminal1, { latitude: 13.05, longitude: 77.6 }, koramangala]);
const okAnswer: StandInAnswer = {
  body: { code: 'Ok', routes: [{ geometry: roadGeometry, distance: 41234.6, duration: 3000 }] },
};

let standIn: HttpStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

// From a terminal the offline estimate follows the airport's corridors (trip-geometry); the
// circuity factor scales the straight line between two places in the city.
const straightEstimate = (_circuity: number) => Math.round(legKm(airportLeg(koramangala)) * 1000);

describe('createStraightRouter', () => {
  it('draws the great circle: corridor kilometres from a terminal, the circuity factor in town', async () => {
    const indiranagar = { latitude: 12.9719, longitude: 77.6412 };
    expect((await createStraightRouter(1.5).route(indiranagar, koramangala)).roadMetres).toBe(
      Math.round(haversineMetres(indiranagar, koramangala) * 1.5),
    );
    const route = await createStraightRouter(1.5).route(terminal1, koramangala);
    expect(route.roadMetres).toBe(straightEstimate(1.5));
    expect(route.roadMetres).toBeGreaterThan(haversineMetres(terminal1, koramangala) * 1.3);
    const path = decodePath(route.encodedString);
    expect(path[0]).toEqual({ latitude: terminal1.latitude, longitude: terminal1.longitude });
    expect(path.at(-1)).toEqual(koramangala);
    expect(path.length).toBeGreaterThan(20);
  });
});

describe('createOsrmRouter', () => {
  it("asks OSRM's route service (longitude first) and answers its geometry and distance", async () => {
    standIn = await startHttpStandIn(() => okAnswer);
    const route = await createOsrmRouter(`${standIn.url}/osrm/`).route(terminal1, koramangala);
    expect(route).toEqual({ encodedString: roadGeometry, roadMetres: 41235 });
    const [request] = standIn.requests;
    expect(request?.url.pathname).toBe(
      '/osrm/route/v1/driving/77.71050,13.19910;77.62450,12.93520',
    );
    expect(request?.url.searchParams.get('overview')).toBe('full');
    expect(request?.url.searchParams.get('geometries')).toBe('polyline');
    expect(request?.headers['user-agent']).toBe('AeroPool');
  });

  it('fetches the same route once, even when asked concurrently', async () => {
    standIn = await startHttpStandIn(() => okAnswer);
    const router = createOsrmRouter(standIn.url);
    await Promise.all([router.route(terminal1, koramangala), router.route(terminal1, koramangala)]);
    // Within ~1 m is the same route.
    await router.route(terminal1, { latitude: 12.935201, longitude: 77.624499 });
    expect(standIn.requests).toHaveLength(1);
    await router.route(koramangala, terminal1);
    expect(standIn.requests).toHaveLength(2);
  });

  it.each<[string, StandInAnswer]>([
    ['an HTTP error', { status: 500, body: { message: 'boom' } }],
    ['NoRoute', { status: 200, body: { code: 'NoRoute', message: 'Impossible route' } }],
    ['an empty route list', { body: { code: 'Ok', routes: [] } }],
    ['malformed JSON', { body: '{"code":' }],
  ])(
    'falls back to the straight router on %s, logs it and retries next time',
    async (_, answer) => {
      standIn = await startHttpStandIn(() => answer);
      const log = { warn: vi.fn() };
      const router = createOsrmRouter(standIn.url, { fallback: createStraightRouter(1.3), log });
      const expected = await createStraightRouter(1.3).route(terminal1, koramangala);
      expect(await router.route(terminal1, koramangala)).toEqual(expected);
      expect(log.warn).toHaveBeenCalledOnce();
      await router.route(terminal1, koramangala);
      expect(standIn.requests).toHaveLength(2);
    },
  );

  it('gives up after the timeout', async () => {
    standIn = await startHttpStandIn(() => ({ ...okAnswer, delayMs: 2000 }));
    const router = createOsrmRouter(standIn.url, { timeoutMs: 50 });
    const started = Date.now();
    const route = await router.route(terminal1, koramangala);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(route.roadMetres).toBe(straightEstimate(1.3));
  });

  it('falls back when OSRM cannot be reached at all', async () => {
    const router = createOsrmRouter('http://127.0.0.1:9', { timeoutMs: 500 });
    expect((await router.route(terminal1, koramangala)).roadMetres).toBe(straightEstimate(1.3));
  });

  it('leaves OSRM alone for a while after it did not answer, then asks again', async () => {
    standIn = await startHttpStandIn(() => ({ ...okAnswer, delayMs: 2000 }));
    const router = createOsrmRouter(standIn.url, { timeoutMs: 50, restMs: 400 });
    const indiranagar = { latitude: 12.9719, longitude: 77.6412 };
    await router.route(terminal1, koramangala);
    expect(standIn.requests).toHaveLength(1);
    // Another route while it rests: answered at once, without waiting out the timeout again.
    const started = Date.now();
    expect((await router.route(terminal1, indiranagar)).roadMetres).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(40);
    expect(standIn.requests).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 450));
    await router.route(terminal1, indiranagar);
    expect(standIn.requests).toHaveLength(2);
  });
});

describe('createRouter', () => {
  it('is straight with the configured circuity unless ROUTER=osrm', async () => {
    const router = createRouter({
      ROUTER: 'straight',
      OSRM_URL: undefined,
      ROAD_CIRCUITY_FACTOR: 2,
    });
    expect((await router.route(terminal1, koramangala)).roadMetres).toBe(straightEstimate(2));
  });

  it('uses OSRM when configured, falling back with the configured circuity', async () => {
    standIn = await startHttpStandIn(() => okAnswer);
    const config = { ROUTER: 'osrm', OSRM_URL: standIn.url, ROAD_CIRCUITY_FACTOR: 1.1 } as const;
    expect((await createRouter(config).route(terminal1, koramangala)).roadMetres).toBe(41235);
    const broken = createRouter({ ...config, OSRM_URL: 'http://127.0.0.1:9' });
    expect((await broken.route(terminal1, koramangala)).roadMetres).toBe(straightEstimate(1.1));
  });
});
