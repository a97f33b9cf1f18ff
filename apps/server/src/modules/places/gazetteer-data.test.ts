import { describe, expect, it } from 'vitest';
import curatedPlaces from './data/bengaluru-places.json' with { type: 'json' };
import pincodePlaces from './data/pincode-places.json' with { type: 'json' };
import { loadGazetteerEntries } from './gazetteer';
import { BENGALURU_BOUNDS, normalisePlaceText } from './gazetteer-search';

type Point = { latitude: number; longitude: number };

const haversineKm = (a: Point, b: Point): number => {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = toRad(b.latitude - a.latitude);
  const dLon = toRad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
};

const inBox = ({ latitude, longitude }: Point) =>
  latitude >= BENGALURU_BOUNDS.minLatitude &&
  latitude <= BENGALURU_BOUNDS.maxLatitude &&
  longitude >= BENGALURU_BOUNDS.minLongitude &&
  longitude <= BENGALURU_BOUNDS.maxLongitude;

const hasAtMostFourDecimals = (value: number) =>
  Math.abs(value * 1e4 - Math.round(value * 1e4)) < 1e-6;

const byName = new Map(curatedPlaces.map((place) => [place.name, place]));
const place = (name: string) => {
  const found = byName.get(name);
  if (!found) throw new Error(`missing place: ${name}`);
  return found;
};

const KINDS = new Set([
  'locality',
  'neighbourhood',
  'metro-station',
  'railway-station',
  'bus-station',
  'tech-park',
  'mall',
  'market',
  'hospital',
  'university',
  'school',
  'hotel',
  'stadium',
  'sports-venue',
  'landmark',
  'lake/park',
  'road',
]);

describe('curated Bengaluru places', () => {
  it('has at least 500 well-formed entries', () => {
    expect(curatedPlaces.length).toBeGreaterThanOrEqual(500);
    for (const entry of curatedPlaces) {
      expect(Object.keys(entry).sort(), entry.name).toEqual(
        ['aliases', 'kind', 'latitude', 'longitude', 'name'].sort(),
      );
      expect(entry.name.trim(), entry.name).toBe(entry.name);
      expect(entry.name.length, entry.name).toBeGreaterThan(1);
      expect(KINDS.has(entry.kind), `${entry.name}: ${entry.kind}`).toBe(true);
      expect(hasAtMostFourDecimals(entry.latitude), entry.name).toBe(true);
      expect(hasAtMostFourDecimals(entry.longitude), entry.name).toBe(true);
      for (const alias of entry.aliases) expect(alias.trim().length, entry.name).toBeGreaterThan(1);
    }
  });

  it('keeps every entry inside the Bengaluru box', () => {
    const outside = curatedPlaces.filter((entry) => !inBox(entry)).map((entry) => entry.name);
    expect(outside).toEqual([]);
  });

  it('names each place once: no name or alias belongs to two entries', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const entry of curatedPlaces) {
      for (const label of new Set([entry.name, ...entry.aliases].map(normalisePlaceText))) {
        const previous = owner.get(label);
        if (previous !== undefined) clashes.push(`${label}: ${previous} / ${entry.name}`);
        owner.set(label, entry.name);
      }
    }
    expect(clashes).toEqual([]);
  });

  it.each([
    ['Koramangala', 12.935, 77.624],
    ['Whitefield', 12.969, 77.75],
    ['Hebbal', 13.035, 77.597],
    ['Electronic City', 12.845, 77.66],
    ['Jakkur', 13.078, 77.606],
    ['Indiranagar', 12.972, 77.641],
    ['MG Road', 12.975, 77.606],
    ['HSR Layout', 12.912, 77.645],
    ['Marathahalli', 12.957, 77.699],
    ['Jayanagar', 12.93, 77.583],
    ['Manyata Tech Park', 13.046, 77.621],
    ['Kempegowda Bus Station (Majestic)', 12.977, 77.572],
    ['KSR Bengaluru City Railway Station', 12.978, 77.57],
    ['Yelahanka', 13.1, 77.596],
    ['Cubbon Park', 12.976, 77.593],
  ])('places %s within 1.5 km of (%f, %f)', (name, latitude, longitude) => {
    expect(haversineKm(place(name), { latitude, longitude })).toBeLessThan(1.5);
  });

  it('carries the common alternative names as aliases', () => {
    expect(place('Electronic City').aliases).toContain('Electronics City');
    expect(place('MG Road').aliases).toContain('Mahatma Gandhi Road');
    expect(place('Kempegowda Bus Station (Majestic)').aliases).toContain('Majestic');
    expect(place('BTM Layout').aliases).toContain('BTM');
    expect(place('International Tech Park Bangalore').aliases).toContain('ITPL');
    expect(place('Central Silk Board Junction').aliases).toContain('Silk Board');
  });

  it('has the Purple, Green and Yellow line metro stations', () => {
    const metro = curatedPlaces.filter((entry) => entry.kind === 'metro-station');
    expect(metro.length).toBeGreaterThanOrEqual(80);
    for (const name of [
      'Whitefield (Kadugodi) Metro Station',
      'Challaghatta Metro Station',
      'MG Road Metro Station',
      'Nadaprabhu Kempegowda Metro Station, Majestic',
      'Madavara Metro Station',
      'Silk Institute Metro Station',
      'Rashtreeya Vidyalaya Road Metro Station',
      'Delta Electronics Bommasandra Metro Station',
      'Central Silk Board Metro Station',
    ]) {
      expect(place(name).kind, name).toBe('metro-station');
    }
  });

  it.each([
    [
      'railway-station',
      [
        'Yeshwantpur Junction Railway Station',
        'Krishnarajapuram Railway Station',
        'Bengaluru Cantonment Railway Station',
        'Sir M. Visvesvaraya Terminal',
        'Whitefield Railway Station',
        'Bengaluru East Railway Station',
        'KSR Bengaluru City Railway Station',
      ],
    ],
    [
      'tech-park',
      [
        'Manyata Tech Park',
        'Embassy Tech Village',
        'Bagmane Tech Park',
        'RMZ Ecospace',
        'RMZ Ecoworld',
        'International Tech Park Bangalore',
        'Global Village Tech Park',
        'Prestige Tech Park',
        'Embassy Golf Links Business Park',
        'Kirloskar Business Park',
        'Brigade Tech Gardens',
        'Infosys Electronic City Campus',
        'Wipro Electronic City Campus',
      ],
    ],
    [
      'mall',
      [
        'Phoenix Marketcity',
        'Orion Mall',
        'Nexus Koramangala',
        'Mantri Square Mall',
        'UB City',
        'VR Bengaluru',
      ],
    ],
    ['landmark', ['Vidhana Soudha', 'Bangalore Palace']],
    ['lake/park', ['Cubbon Park', 'Lalbagh Botanical Garden']],
    ['stadium', ['M. Chinnaswamy Stadium']],
    [
      'university',
      [
        'Indian Institute of Science',
        'Indian Institute of Management Bangalore',
        'Christ University',
      ],
    ],
    ['hospital', ['NIMHANS', 'Manipal Hospital Old Airport Road', 'Narayana Health City']],
  ])('has the must-have %s entries', (kind, names) => {
    for (const name of names) expect(place(name).kind, name).toBe(kind);
  });

  it('leaves out places beyond the box such as the airport and Devanahalli', () => {
    const names = curatedPlaces.map((entry) => normalisePlaceText(entry.name));
    expect(names.some((name) => name.includes('devanahalli'))).toBe(false);
    expect(names.some((name) => name.includes('international airport'))).toBe(false);
  });
});

describe('pincode-derived places', () => {
  const curatedLabels = new Set(
    curatedPlaces.flatMap((entry) => [entry.name, ...entry.aliases]).map(normalisePlaceText),
  );

  it('are post offices of urban pincodes inside the box, not already curated', () => {
    expect(pincodePlaces.length).toBeGreaterThan(0);
    for (const entry of pincodePlaces) {
      expect(entry.kind).toBe('post-office');
      expect(entry.pincode, entry.name).toMatch(/^560\d{3}$/);
      expect(inBox(entry), entry.name).toBe(true);
      expect(curatedLabels.has(normalisePlaceText(entry.name)), entry.name).toBe(false);
    }
  });

  it('merge with the curated places into uniquely named entries', () => {
    const entries = loadGazetteerEntries();
    expect(entries.length).toBe(curatedPlaces.length + pincodePlaces.length);
    const names = entries.map((entry) => normalisePlaceText(entry.name));
    expect(new Set(names).size).toBe(names.length);
  });
});
