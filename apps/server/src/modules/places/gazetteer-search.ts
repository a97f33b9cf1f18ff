/**
 * In-memory, typo-tolerant place search over the offline Bengaluru gazetteer.
 *
 * Everything that depends only on the entries (normalised labels, tokens, distance to the
 * city centre) is computed once in createGazetteer, so a search is a linear scan with cheap
 * string checks. Typo matching runs once per distinct vocabulary token rather than per entry,
 * which keeps a search over ~1000 entries in the sub-millisecond range.
 */

import { CITY_BOUNDS, CITY_CENTRE, isInCityBounds } from '@aeropool/contract/places';

export type GazetteerEntry = {
  name: string;
  aliases?: readonly string[];
  kind: string;
  latitude: number;
  longitude: number;
};

export type GazetteerHit = {
  name: string;
  latitude: number;
  longitude: number;
  kind: string;
  score: number;
};

export type Gazetteer = {
  /** Best matches first; an empty or punctuation-only query gives no hits. */
  search(query: string, limit?: number): GazetteerHit[];
  /** Number of searchable entries (entries outside the bounds are dropped). */
  readonly size: number;
};

/** The spec's search box (see the contract); kept under this name for existing callers. */
export const BENGALURU_BOUNDS = CITY_BOUNDS;

/** Ties are broken towards the centre because central places are the likelier intent. */
export { CITY_CENTRE };

/**
 * Base score of each kind of match. The gap between tiers (200) is larger than the biggest
 * coverage bonus (100), so a better kind of match always outranks a worse one.
 */
export const MATCH_TIER = {
  exact: 1000,
  namePrefix: 800,
  wordPrefix: 600,
  allWordsPrefix: 400,
  typo: 200,
} as const;

const COVERAGE_STEP = 25;
const COVERAGE_STEPS = 4;
const TYPO_EDIT_PENALTY = 40;
const MAX_PENALISED_EDITS = 4;
const DEFAULT_LIMIT = 5;

type Label = {
  compact: string;
  compactMask: number;
  /** Compact text starting at the 2nd, 3rd… word, for "query starts at a later word". */
  tails: string[];
  /** Indexes into the shared vocabulary. */
  tokens: number[];
};

type Query = {
  compact: string;
  mask: number;
  maxEdits: number;
  tokenMatches: Int8Array[];
  tokenLengths: number[];
};

type Prepared = {
  entry: GazetteerEntry;
  labels: Label[];
  centreDistanceKm: number;
};

/** Lower case, accents and punctuation removed, words separated by single spaces. */
export function normalisePlaceText(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      // Apostrophes join rather than split, so "St. John's" matches "st johns".
      .replace(/['\u2019`]/g, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
  );
}

/** Edits allowed for a token: none for 1-2 letters (too ambiguous), 1 below 6 letters, else 2. */
export function maxTypoEdits(length: number): number {
  if (length < 3) return 0;
  return length < 6 ? 1 : 2;
}

// Scratch rows reused by every distance computation: searches are synchronous, so sharing them
// is safe, and it keeps the hot loop free of allocations.
let rowA = new Int32Array(32);
let rowB = new Int32Array(32);
let rowC = new Int32Array(32);

/**
 * Optimal-string-alignment Damerau-Levenshtein distance, giving up early: returns max + 1 as
 * soon as the distance is known to exceed max.
 */
export function boundedDamerauLevenshtein(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const width = b.length + 1;
  if (rowA.length < width) {
    rowA = new Int32Array(width * 2);
    rowB = new Int32Array(width * 2);
    rowC = new Int32Array(width * 2);
  }
  let prevPrev = rowA;
  let prev = rowB;
  let current = rowC;
  for (let j = 0; j < width; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const bj = b.charCodeAt(j - 1);
      let value = Math.min(prev[j]! + 1, current[j - 1]! + 1, prev[j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        value = Math.min(value, prevPrev[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    const spare = prevPrev;
    prevPrev = prev;
    prev = current;
    current = spare;
  }
  return prev[b.length]!;
}

/** Bit per letter or digit present; one edit can add at most one missing letter. */
function letterMask(text: string): number {
  let mask = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // a-z map to bits 0-25, digits share bits 26-30 (enough for a lower bound).
    mask |= 1 << (code >= 97 ? code - 97 : 26 + ((code - 48) % 5));
  }
  return mask;
}

function countBits(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Cheap lower bound on the edits turning a into b: letters of a that b lacks. */
function cannotBeWithin(aMask: number, bMask: number, max: number): boolean {
  return countBits(aMask & ~bMask) > max;
}

export function isInsideBengaluru(latitude: number, longitude: number): boolean {
  return (
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    isInCityBounds({ latitude, longitude })
  );
}

/** Equirectangular distance: exact enough within a city and only used for ordering. */
function distanceFromCentreKm(latitude: number, longitude: number): number {
  const kmPerDegree = 111.32;
  const dLat = (latitude - CITY_CENTRE.latitude) * kmPerDegree;
  const dLon =
    (longitude - CITY_CENTRE.longitude) *
    kmPerDegree *
    Math.cos((CITY_CENTRE.latitude * Math.PI) / 180);
  return Math.hypot(dLat, dLon);
}

function coverageBonus(matched: number, total: number): number {
  const ratio = total === 0 ? 0 : Math.min(1, matched / total);
  return Math.floor(ratio * COVERAGE_STEPS) * COVERAGE_STEP;
}

const NO_MATCH = -1;

export function createGazetteer(entries: readonly GazetteerEntry[]): Gazetteer {
  const vocabulary: string[] = [];
  const vocabularyMasks: number[] = [];
  const vocabularyIndex = new Map<string, number>();
  const tokenId = (token: string): number => {
    let id = vocabularyIndex.get(token);
    if (id === undefined) {
      id = vocabulary.length;
      vocabulary.push(token);
      vocabularyMasks.push(letterMask(token));
      vocabularyIndex.set(token, id);
    }
    return id;
  };

  const prepared: Prepared[] = [];
  for (const entry of entries) {
    if (!isInsideBengaluru(entry.latitude, entry.longitude)) continue;
    const labels: Label[] = [];
    const seen = new Set<string>();
    for (const text of [entry.name, ...(entry.aliases ?? [])]) {
      const words = normalisePlaceText(text).split(' ').filter(Boolean);
      const compact = words.join('');
      if (!compact || seen.has(compact)) continue;
      seen.add(compact);
      labels.push({
        compact,
        compactMask: letterMask(compact),
        tails: words.slice(1).map((_, i) => words.slice(i + 1).join('')),
        tokens: words.map(tokenId),
      });
    }
    if (labels.length === 0) continue;
    prepared.push({
      entry,
      labels,
      centreDistanceKm: distanceFromCentreKm(entry.latitude, entry.longitude),
    });
  }

  /**
   * For each query token, the edits needed to match each vocabulary token (NO_MATCH when it
   * does not): computed once per search instead of once per entry.
   */
  const matchQueryTokens = (queryTokens: string[]): Int8Array[] =>
    queryTokens.map((queryToken, position) => {
      const isLast = position === queryTokens.length - 1;
      const maxEdits = maxTypoEdits(queryToken.length);
      const queryMask = letterMask(queryToken);
      const matches = new Int8Array(vocabulary.length).fill(NO_MATCH);
      for (let id = 0; id < vocabulary.length; id++) {
        const token = vocabulary[id]!;
        if (token.startsWith(queryToken)) {
          matches[id] = 0;
          continue;
        }
        if (maxEdits === 0) continue;
        // Letters absent from the whole token are absent from its start too.
        if (cannotBeWithin(queryMask, vocabularyMasks[id]!, maxEdits)) continue;
        let edits = boundedDamerauLevenshtein(queryToken, token, maxEdits);
        // The last word may still be being typed: compare with the word's start as well.
        if (edits > maxEdits && isLast && token.length > queryToken.length) {
          edits = boundedDamerauLevenshtein(
            queryToken,
            token.slice(0, queryToken.length),
            maxEdits,
          );
        }
        if (edits <= maxEdits) matches[id] = edits;
      }
      return matches;
    });

  /**
   * Assigns each query token to a different label token, cheapest first. Returns the total
   * edits and how many of the label's letters the query covers (a 3-letter start of a long word
   * covers 3), or undefined when a query token finds no match.
   */
  const assignTokens = (
    label: Label,
    query: Query,
  ): { edits: number; matchedLength: number } | undefined => {
    let used = 0; // bit per label token; labels have far fewer than 31 words
    let edits = 0;
    let matchedLength = 0;
    for (let position = 0; position < query.tokenMatches.length; position++) {
      const matches = query.tokenMatches[position]!;
      let best = -1;
      let bestEdits = Infinity;
      for (let index = 0; index < label.tokens.length; index++) {
        const cost = matches[label.tokens[index]!]!;
        if (cost !== NO_MATCH && cost < bestEdits && (used & (1 << index)) === 0) {
          best = index;
          bestEdits = cost;
        }
      }
      if (best < 0) return undefined;
      used |= 1 << best;
      edits += bestEdits;
      matchedLength += Math.min(
        query.tokenLengths[position]!,
        vocabulary[label.tokens[best]!]!.length,
      );
    }
    return { edits, matchedLength };
  };

  const scoreLabel = (label: Label, query: Query): number => {
    const { compact: queryCompact } = query;
    if (label.compact === queryCompact) return MATCH_TIER.exact;
    const bonus = coverageBonus(queryCompact.length, label.compact.length);
    if (label.compact.startsWith(queryCompact)) return MATCH_TIER.namePrefix + bonus;
    if (label.tails.some((tail) => tail.startsWith(queryCompact))) {
      return MATCH_TIER.wordPrefix + bonus;
    }
    const assigned = assignTokens(label, query);
    if (assigned && assigned.edits === 0) {
      return (
        MATCH_TIER.allWordsPrefix + coverageBonus(assigned.matchedLength, label.compact.length)
      );
    }
    // Typos on the whole text too, so that "electroniccity" or "hsrlayot" are forgiven.
    const wholeEdits = cannotBeWithin(query.mask, label.compactMask, query.maxEdits)
      ? Infinity
      : boundedDamerauLevenshtein(queryCompact, label.compact, query.maxEdits);
    const wholeMatches = wholeEdits <= query.maxEdits;
    if (!assigned && !wholeMatches) return 0;
    const edits = Math.min(assigned?.edits ?? Infinity, wholeEdits);
    const matchedLength = wholeMatches
      ? Math.min(queryCompact.length, label.compact.length)
      : (assigned?.matchedLength ?? 0);
    return (
      MATCH_TIER.typo -
      TYPO_EDIT_PENALTY * Math.min(edits, MAX_PENALISED_EDITS) +
      coverageBonus(matchedLength, label.compact.length)
    );
  };

  const search = (query: string, limit: number = DEFAULT_LIMIT): GazetteerHit[] => {
    const normalised = normalisePlaceText(query);
    if (!normalised || !(limit > 0)) return [];
    const queryTokens = normalised.split(' ');
    const compact = queryTokens.join('');
    const prepQuery: Query = {
      compact,
      mask: letterMask(compact),
      maxEdits: maxTypoEdits(compact.length),
      tokenMatches: matchQueryTokens(queryTokens),
      tokenLengths: queryTokens.map((token) => token.length),
    };

    const scored: { place: Prepared; score: number }[] = [];
    for (const place of prepared) {
      let best = 0;
      for (const label of place.labels) {
        const score = scoreLabel(label, prepQuery);
        if (score > best) best = score;
        if (best === MATCH_TIER.exact) break;
      }
      if (best > 0) scored.push({ place, score: best });
    }
    scored.sort(
      (a, b) =>
        b.score - a.score ||
        a.place.centreDistanceKm - b.place.centreDistanceKm ||
        a.place.entry.name.localeCompare(b.place.entry.name),
    );
    return scored.slice(0, Math.floor(limit)).map(({ place, score }) => ({
      name: place.entry.name,
      latitude: place.entry.latitude,
      longitude: place.entry.longitude,
      kind: place.entry.kind,
      score,
    }));
  };

  return { search, size: prepared.length };
}
