import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { isInCityBounds, placeSchema, TERMINALS } from '@aeropool/contract/places';
import { startHttpStandIn, type HttpStandIn } from '../../test/http-stand-in';
import { decodePath, encodePath } from '../../lib/geo/polyline';
import { createTestApp, type TestApp } from '../../test/test-app';

type Place = { name: string; latitude: number; longitude: number; encodedString: string };

const UNAVAILABLE = 'Location search is unavailable right now. Please try again.';
const roadGeometry = encodePath([
  TERMINALS[0],
  { latitude: 13.05, longitude: 77.6 },
  { latitude: 12.9352, longitude: 77.6245 },
]);

const feature = (lon: number, lat: number, properties: Record<string, string>) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lon, lat] },
  properties: { osm_type: 'N', country: 'India', state: 'Karnataka', ...properties },
});

// Photon's GeoJSON answer, in a deliberately unhelpful order.
const photonAnswer = {
  type: 'FeatureCollection',
  features: [
    feature(77.633, 12.927, { name: 'Koramangala 1st Block', district: 'Koramangala' }),
    feature(77.62, 12.93, { name: 'Koramangala 3rd Block', district: 'Koramangala' }),
    feature(77.83, 12.74, { name: 'Koramangala Farm', city: 'Hosur' }), // outside the box
    feature(77.6113, 12.9346, { name: 'Forum Mall', city: 'Bengaluru' }),
    feature(77.6245, 12.9352, { name: 'Koramangala', city: 'Bengaluru', type: 'district' }),
    feature(77.628, 12.936, { housenumber: '12', street: 'Koramangala Main Road' }),
    feature(77.625, 12.9355, { name: 'Koramangala', city: 'Bengaluru', osm_value: 'bus_stop' }),
    { type: 'Feature', properties: { name: 'Koramangala without geometry' } },
  ],
};

// Nominatim's jsonv2 answer (coordinates as strings).
const nominatimAnswer = [
  {
    place_id: 1,
    lat: '13.2437',
    lon: '77.7126',
    category: 'amenity',
    type: 'cafe',
    name: 'Koramangala Cafe',
    display_name: 'Koramangala Cafe, Devanahalli, Bengaluru Rural, Karnataka, 562110, India',
  },
  {
    place_id: 2,
    lat: '12.9279',
    lon: '77.6271',
    category: 'amenity',
    type: 'police',
    name: '',
    display_name:
      'Koramangala Police Station, 80 Feet Road, Koramangala, Bengaluru, Karnataka, 560034, India',
  },
  {
    place_id: 3,
    lat: '12.9352',
    lon: '77.6245',
    category: 'place',
    type: 'suburb',
    name: 'Koramangala',
    display_name: 'Koramangala, Bengaluru South City Corporation, Bengaluru, Karnataka, India',
    address: { suburb: 'Koramangala', city: 'Bengaluru', state: 'Karnataka' },
  },
];

// Only an outside-the-box place matches the query better than the inside one.
const photonFarms = {
  type: 'FeatureCollection',
  features: [
    feature(77.83, 12.74, { name: 'Sunny Farm', city: 'Hosur' }),
    feature(77.7, 13.05, { name: 'Sunny Farms Layout', city: 'Bengaluru' }),
  ],
};

// Names the ride form would refuse as they come: too long, a bidi override, a control.
const photonOddNames = {
  type: 'FeatureCollection',
  features: [
    feature(77.62, 12.93, { name: `\u202EKoramangala ${'Layout '.repeat(40)}`, city: 'Bengaluru' }),
    feature(77.63, 12.94, { name: 'Koramangala\u0007 Club', city: 'Bengaluru' }),
  ],
};

/** The stand-ins are down (every search answers 500) while this is set. */
let outage = false;
const answerOrFail = (body: unknown) => (request: { url: URL }) => {
  const q = request.url.searchParams.get('q') ?? '';
  if (outage) return { status: 503, body: { message: 'down' } };
  if (q === 'sunny farm') return { body: photonFarms };
  if (q === 'odd names') return { body: photonOddNames };
  if (q.includes('fail')) return { status: 500, body: { message: 'internal error' } };
  if (q.includes('garbage')) return { body: { unexpected: true } };
  return { body };
};

const get = async (t: TestApp, url: string) => t.request({ method: 'GET', url });
const entities = async (t: TestApp, url: string): Promise<Place[]> => {
  const res = await get(t, url);
  expect(res.statusCode).toBe(200);
  return res.json().entities;
};

describe('Photon with an OSRM router', () => {
  let photon: HttpStandIn;
  let osrm: HttpStandIn;
  let t: TestApp;
  beforeAll(async () => {
    photon = await startHttpStandIn(answerOrFail(photonAnswer));
    osrm = await startHttpStandIn(() => ({
      body: { code: 'Ok', routes: [{ geometry: roadGeometry, distance: 38_000.4 }] },
    }));
    t = await createTestApp({
      GEOCODER: 'photon',
      GEOCODER_URL: photon.url,
      ROUTER: 'osrm',
      OSRM_URL: osrm.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([photon.close(), osrm.close()]);
  });

  it("sends Photon the query, centre bias and the spec's box, as AeroPool", async () => {
    await entities(t, '/api/places/search?q=koramangala');
    const request = photon.requests.at(-1)!;
    expect(request.url.pathname).toBe('/api');
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      q: 'koramangala',
      limit: '10',
      lat: '12.9716',
      lon: '77.5946',
      bbox: '77.4,12.7,77.8,13.1',
    });
    expect(request.headers['user-agent']).toBe('AeroPool');
  });

  it('filters to the box, ranks by name match then centre distance, and caps at 5', async () => {
    const found = await entities(t, '/api/places/search?q=koramangala');
    expect(found.map((place) => place.name)).toEqual([
      'Koramangala, Bengaluru',
      // Same kind of match: the block nearer the centre first, whatever Photon's order.
      'Koramangala 3rd Block, Koramangala',
      'Koramangala 1st Block, Koramangala',
      '12 Koramangala Main Road',
      'Forum Mall, Bengaluru',
    ]);
    expect(found.every(isInCityBounds)).toBe(true);
    expect(found[3]).toMatchObject({ latitude: 12.936, longitude: 77.628 });

    const farms = await entities(t, '/api/places/search?q=sunny%20farm');
    expect(farms.map((place) => place.name)).toEqual(['Sunny Farms Layout, Bengaluru']);
  });

  it('offers a name as the ride form will send it: one line, no bidi controls, at most 200', async () => {
    const places = await entities(t, '/api/places/search?q=odd%20names');
    const names = places.map((p) => p.name).sort();
    expect(names[0]).toMatch(/^Koramangala {2}Club/);
    expect(names[1]).toMatch(/^Koramangala Layout Layout/);
    expect(names[1]!.length).toBeGreaterThan(190);
    expect(names[1]!.length).toBeLessThanOrEqual(200);
    for (const place of places) expect(placeSchema.safeParse(place).success).toBe(true);
  });

  it("uses OSRM's road geometry as encodedString", async () => {
    const found = await entities(t, '/api/places/search?q=koramangala&terminal=T2');
    expect(found.every((place) => place.encodedString === roadGeometry)).toBe(true);
    expect(osrm.requests.at(-1)?.url.pathname).toMatch(/^\/route\/v1\/driving\/77.70680,13.19890;/);
  });

  it('still offers the offline gazetteer, but not an unconfigured provider', async () => {
    const [offline] = await entities(t, '/api/places/search?q=kor&provider=offline');
    expect(offline).toMatchObject({ name: 'Koramangala', encodedString: roadGeometry });
    const other = await get(t, '/api/places/search?q=kor&provider=nominatim');
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('This location provider is not configured.');

    const providers = await get(t, '/api/places/providers');
    expect(providers.json().entities).toEqual([
      { default: 'photon', available: ['offline', 'photon'] },
    ]);
  });

  it('answers 503 when Photon, asked for by name, fails or answers something else', async () => {
    for (const q of ['will fail', 'garbage']) {
      const res = await get(t, `/api/places/search?q=${encodeURIComponent(q)}&provider=photon`);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ statusCode: 503, message: UNAVAILABLE, entities: [] });
    }
  });
});

describe('a configured geocoder that is down', () => {
  let photon: HttpStandIn;
  let t: TestApp;
  beforeAll(async () => {
    photon = await startHttpStandIn(answerOrFail(photonAnswer));
    t = await createTestApp({ GEOCODER: 'photon', GEOCODER_URL: `${photon.url}/api` });
  });
  afterAll(async () => {
    await t.close();
    await photon.close();
  });

  it('leaves riders the offline gazetteer, so a ride can still be posted', async () => {
    outage = true;
    try {
      const found = await entities(t, '/api/places/search?q=hebbal');
      expect(found[0]!.name).toMatch(/^Hebbal/);
      expect(photon.requests.length).toBeGreaterThan(0);
      expect((await get(t, '/api/places/search?q=hebbal&provider=photon')).statusCode).toBe(503);
    } finally {
      outage = false;
    }
    const back = await entities(t, '/api/places/search?q=koramangala');
    expect(back[0]!.name).toMatch(/^Koramangala/);
  });
});

describe('Nominatim with a failing OSRM', () => {
  let nominatim: HttpStandIn;
  let osrm: HttpStandIn;
  let t: TestApp;
  beforeAll(async () => {
    nominatim = await startHttpStandIn(answerOrFail(nominatimAnswer));
    osrm = await startHttpStandIn(() => ({ status: 500, body: { code: 'Error' } }));
    t = await createTestApp({
      GEOCODER: 'nominatim',
      GEOCODER_URL: `${nominatim.url}/nominatim`,
      ROUTER: 'osrm',
      OSRM_URL: osrm.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([nominatim.close(), osrm.close()]);
  });

  it('sends Nominatim a bounded jsonv2 search in India, as AeroPool', async () => {
    await entities(t, '/api/places/search?q=koramangala');
    const request = nominatim.requests.at(-1)!;
    expect(request.url.pathname).toBe('/nominatim/search');
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      q: 'koramangala',
      format: 'jsonv2',
      limit: '10',
      addressdetails: '1',
      viewbox: '77.4,13.1,77.8,12.7',
      bounded: '1',
      countrycodes: 'in',
    });
    expect(request.headers['user-agent']).toBe('AeroPool');
  });

  it('drops places outside the box, ranks and names the rest', async () => {
    const found = await entities(t, '/api/places/search?q=koramangala');
    expect(found.map(({ name, latitude, longitude }) => ({ name, latitude, longitude }))).toEqual([
      { name: 'Koramangala, Bengaluru', latitude: 12.9352, longitude: 77.6245 },
      { name: 'Koramangala Police Station, 80 Feet Road', latitude: 12.9279, longitude: 77.6271 },
    ]);
  });

  it('falls back to the straight route from the terminal when OSRM fails', async () => {
    const [place] = await entities(t, '/api/places/search?q=koramangala');
    const path = decodePath(place!.encodedString);
    expect(path.length).toBeGreaterThan(2);
    expect(path[0]).toEqual({ latitude: TERMINALS[0].latitude, longitude: TERMINALS[0].longitude });
    expect(path.at(-1)).toEqual({ latitude: place!.latitude, longitude: place!.longitude });
    expect(osrm.requests.length).toBeGreaterThan(0);
  });

  it('answers 503 when Nominatim, asked for by name, fails', async () => {
    const res = await get(t, '/api/places/search?q=fail&provider=nominatim');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(UNAVAILABLE);
  });
});

describe('a configured geocoder that does not answer at all', () => {
  let server: net.Server;
  let connections = 0;
  let t: TestApp;
  beforeAll(async () => {
    // Takes each connection and drops it: fetch fails at once, as with a geocoder that is gone.
    server = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    t = await createTestApp({ GEOCODER: 'photon', GEOCODER_URL: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('is left alone for a while: the next searches go straight to the offline gazetteer', async () => {
    expect((await entities(t, '/api/places/search?q=hebbal'))[0]!.name).toMatch(/^Hebbal/);
    const asked = connections;
    expect(asked).toBeGreaterThan(0);
    expect((await entities(t, '/api/places/search?q=koramangala'))[0]!.name).toMatch(
      /^Koramangala/,
    );
    expect(connections).toBe(asked);
  });
});
