import { describe, expect, it } from 'vitest';
import { getGazetteer } from './gazetteer';
import {
  BENGALURU_BOUNDS,
  boundedDamerauLevenshtein,
  createGazetteer,
  MATCH_TIER,
  maxTypoEdits,
  normalisePlaceText,
  type GazetteerEntry,
} from './gazetteer-search';

const topName = (query: string) => getGazetteer().search(query)[0]?.name;

describe('searching the Bengaluru gazetteer', () => {
  it.each([
    ['koramangla', 'Koramangala'],
    ['manyata', 'Manyata Tech Park'],
    ['electronics city', 'Electronic City'],
    ['mg road', 'MG Road'],
    ['majestic', 'Kempegowda Bus Station (Majestic)'],
    ['indira', 'Indiranagar'],
    ['Indira Nagar', 'Indiranagar'],
    ['whitfeild', 'Whitefield'],
    ['hsr layot', 'HSR Layout'],
    ['jakkur', 'Jakkur'],
    ['hebbal', 'Hebbal'],
    ['marathahalli', 'Marathahalli'],
    ['jayanagar', 'Jayanagar'],
  ])('finds %s as %s', (query, expected) => {
    expect(topName(query)).toBe(expected);
  });

  it('ignores case, spacing and punctuation', () => {
    expect(topName('KORAMANGALA!!')).toBe('Koramangala');
    expect(topName('  m.g.   road ')).toBe('MG Road');
    expect(topName('H.S.R. Layout')).toBe('HSR Layout');
    expect(topName('electroniccity')).toBe('Electronic City');
  });

  it('matches aliases and reports the entry under its own name', () => {
    expect(topName('Forum Mall')).toBe('Nexus Koramangala');
    expect(topName('ITPL')).toBe('International Tech Park Bangalore');
    expect(topName('silk board')).toBe('Central Silk Board Junction');
    expect(topName('Mahatma Gandhi Road')).toBe('MG Road');
    expect(topName('BTM')).toBe('BTM Layout');
  });

  it('returns hits with name, coordinates, kind and score only', () => {
    const [hit] = getGazetteer().search('manyata');
    expect(hit).toEqual({
      name: 'Manyata Tech Park',
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      kind: 'tech-park',
      score: MATCH_TIER.exact,
    });
  });

  it('only ever returns places inside the box', () => {
    for (const query of ['a', 'road', 'metro', 'hall', 'nagar']) {
      for (const hit of getGazetteer().search(query, 50)) {
        expect(hit.latitude).toBeGreaterThanOrEqual(BENGALURU_BOUNDS.minLatitude);
        expect(hit.latitude).toBeLessThanOrEqual(BENGALURU_BOUNDS.maxLatitude);
        expect(hit.longitude).toBeGreaterThanOrEqual(BENGALURU_BOUNDS.minLongitude);
        expect(hit.longitude).toBeLessThanOrEqual(BENGALURU_BOUNDS.maxLongitude);
      }
    }
  });

  it('respects the limit, defaulting to 5', () => {
    const gazetteer = getGazetteer();
    expect(gazetteer.search('metro')).toHaveLength(5);
    expect(gazetteer.search('metro', 3)).toHaveLength(3);
    expect(gazetteer.search('metro', 40)).toHaveLength(40);
    expect(gazetteer.search('metro', 0)).toEqual([]);
    expect(gazetteer.search('metro', -2)).toEqual([]);
  });

  it('returns nothing for empty or unmatched queries', () => {
    expect(getGazetteer().search('')).toEqual([]);
    expect(getGazetteer().search('  ?!. ')).toEqual([]);
    expect(getGazetteer().search('zzqxj')).toEqual([]);
  });

  it('sorts hits by descending score', () => {
    const scores = getGazetteer()
      .search('koramangala', 20)
      .map((hit) => hit.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});

describe('createGazetteer ranking', () => {
  const centre = { latitude: 12.9716, longitude: 77.5946 };
  // Each step away from the centre is ~1.1 km north.
  const at = (name: string, step: number, aliases: string[] = []): GazetteerEntry => ({
    name,
    aliases,
    kind: 'landmark',
    latitude: centre.latitude + step * 0.01,
    longitude: centre.longitude,
  });

  it('ranks exact > name prefix > word prefix > all words > typo, whatever the distance', () => {
    // The worse the match, the closer to the centre: distance must not override match quality.
    const gazetteer = createGazetteer([
      at('Plam Grove', 1),
      at('Grove Palm Street', 2),
      at('Old Palm Grove', 3),
      at('Palm Grove Road', 4),
      at('Palm Grove', 5),
      at('Cedar Court', 0),
    ]);
    const hits = gazetteer.search('palm grove', 10);
    expect(hits.map((hit) => hit.name)).toEqual([
      'Palm Grove',
      'Palm Grove Road',
      'Old Palm Grove',
      'Grove Palm Street',
      'Plam Grove',
    ]);
    expect(hits[0]!.score).toBe(MATCH_TIER.exact);
    expect(hits[1]!.score).toBeGreaterThanOrEqual(MATCH_TIER.namePrefix);
    expect(hits[2]!.score).toBeGreaterThanOrEqual(MATCH_TIER.wordPrefix);
    expect(hits[2]!.score).toBeLessThan(MATCH_TIER.namePrefix);
    expect(hits[3]!.score).toBeGreaterThanOrEqual(MATCH_TIER.allWordsPrefix);
    expect(hits[3]!.score).toBeLessThan(MATCH_TIER.wordPrefix);
    expect(hits[4]!.score).toBeLessThan(MATCH_TIER.allWordsPrefix);
  });

  it('breaks ties by closeness to the city centre', () => {
    const near = at('Ganesha Temple East', 1);
    const far = at('Ganesha Temple West', -6);
    const names = (entries: GazetteerEntry[]) =>
      createGazetteer(entries)
        .search('ganesha temple')
        .map((hit) => hit.name);
    expect(names([far, near])).toEqual(['Ganesha Temple East', 'Ganesha Temple West']);
    // Same names, coordinates swapped: the order follows the distance, not the input order.
    const swapped = [
      { ...near, latitude: far.latitude },
      { ...far, latitude: near.latitude },
    ];
    expect(names(swapped)).toEqual(['Ganesha Temple West', 'Ganesha Temple East']);
  });

  it('prefers the place a short query covers best within a kind of match', () => {
    const gazetteer = createGazetteer([at('Hill View Metro Station', 0), at('Hill View', 5)]);
    expect(gazetteer.search('hill')[0]!.name).toBe('Hill View');
  });

  it('drops entries outside the box', () => {
    const gazetteer = createGazetteer([
      { name: 'Devanahalli', kind: 'locality', latitude: 13.2437, longitude: 77.7126 },
      { name: 'Hosur', kind: 'locality', latitude: 12.7409, longitude: 77.8253 },
      { name: 'Nowhere', kind: 'locality', latitude: Number.NaN, longitude: 77.6 },
      at('Domlur', 0),
    ]);
    expect(gazetteer.size).toBe(1);
    expect(gazetteer.search('devanahalli')).toEqual([]);
    expect(gazetteer.search('hosur')).toEqual([]);
  });

  it('tolerates one typo in short words and two in words of six letters or more', () => {
    const gazetteer = createGazetteer([at('Domlur', 0), at('Yeshwanthpur', 1)]);
    expect(gazetteer.search('domlr')[0]?.name).toBe('Domlur');
    expect(gazetteer.search('dmlr')).toEqual([]);
    expect(gazetteer.search('yeswantpur')[0]?.name).toBe('Yeshwanthpur');
    expect(gazetteer.search('yswantpr')).toEqual([]);
  });

  it('tolerates a typo in a word that is still being typed', () => {
    const gazetteer = createGazetteer([at('Koramangala', 0)]);
    expect(gazetteer.search('korma')[0]?.name).toBe('Koramangala');
  });
});

describe('text helpers', () => {
  it('normalises case, accents and punctuation', () => {
    expect(normalisePlaceText("  St. John's  Hospital ")).toBe('st johns hospital');
    expect(normalisePlaceText('Café & Bar')).toBe('cafe and bar');
  });

  it('computes bounded Damerau-Levenshtein distances', () => {
    expect(boundedDamerauLevenshtein('koramangla', 'koramangala', 2)).toBe(1);
    expect(boundedDamerauLevenshtein('plam', 'palm', 2)).toBe(1);
    expect(boundedDamerauLevenshtein('whitfeild', 'whitefield', 2)).toBe(2);
    expect(boundedDamerauLevenshtein('abc', 'abc', 0)).toBe(0);
    expect(boundedDamerauLevenshtein('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(boundedDamerauLevenshtein('a', 'abcd', 1)).toBe(2);
  });

  it('allows more typos in longer words', () => {
    expect([2, 3, 5, 6, 12].map(maxTypoEdits)).toEqual([0, 1, 1, 2, 2]);
  });
});
