/**
 * Greedy cabs from candidate edges (docs/match-quality.md): pairs by combined saving, then a third
 * rider for a pair when the server's own cab fit (cab-fit.ts, same limits) carries all three and
 * the cab's seats and bags allow it; and the figures a day of such cabs gives.
 */
import {
  fitCab,
  type CabFit,
  type CabRider,
  type FitLimits,
} from '../../apps/server/src/modules/matching/cab-fit';
import { soloTrip } from '../../apps/server/src/lib/geo/trip-geometry';

export type BenchRequest = { id: string; rider: CabRider; seats: number; bags: number };

/** One undirected candidate pair with its cab, fitted here as the server fits it. */
export type Edge = { a: string; b: string; fit: CabFit };

export type Cab = { members: string[]; fit: CabFit };

/** A cab carries at most 3 seats and 4 bags (issue 10, as the contract's CAB_LIMITS). */
export const CAB_CAPACITY = { seats: 3, bags: 4 } as const;

/** What a rider would accept, checked on the per-rider numbers, never on `withinLimits`. */
export const ACCEPTANCE = { maxMisfitMinutes: 15, maxExtraShare: 0.25, maxExtraMinutes: 15 };
const EPSILON = 1e-6;

export function isAcceptable(fit: CabFit): boolean {
  if (fit.misfitMinutes > ACCEPTANCE.maxMisfitMinutes + EPSILON) return false;
  return fit.riders.every(
    (r) =>
      r.extraMinutes <= ACCEPTANCE.maxExtraMinutes + EPSILON &&
      r.extraMinutes <= ACCEPTANCE.maxExtraShare * r.soloMinutes + EPSILON,
  );
}

export const fitsCapacity = (requests: BenchRequest[]) =>
  requests.reduce((s, r) => s + r.seats, 0) <= CAB_CAPACITY.seats &&
  requests.reduce((s, r) => s + r.bags, 0) <= CAB_CAPACITY.bags;

export const totalSaving = (fit: CabFit) => fit.riders.reduce((s, r) => s + r.saving, 0);

export const edgeKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Every compatible pair of the day (same direction, fitCab within the limits): no sieve at all. */
export function exhaustiveEdges(requests: BenchRequest[], limits: FitLimits): Edge[] {
  const edges: Edge[] = [];
  for (let i = 0; i < requests.length; i += 1) {
    for (let j = i + 1; j < requests.length; j += 1) {
      const a = requests[i]!;
      const b = requests[j]!;
      if (a.rider.direction !== b.rider.direction) continue;
      const fit = fitCab([a.rider, b.rider], limits);
      if (fit) edges.push({ a: a.id, b: b.id, fit });
    }
  }
  return edges;
}

export const neighboursOf = (edges: Edge[]) => {
  const map = new Map<string, Set<string>>();
  const add = (x: string, y: string) => map.set(x, (map.get(x) ?? new Set()).add(y));
  for (const e of edges) {
    add(e.a, e.b);
    add(e.b, e.a);
  }
  return map;
};

/**
 * Pairs, best first: by the cab's combined saving in rupees (what riders and vehicle-km gain),
 * then by its percentage; or (`by: 'percentage'`) the other way round, for comparison.
 */
export function formPairs(
  edges: Edge[],
  byId: Map<string, BenchRequest>,
  by: 'saving' | 'percentage' = 'saving',
): Cab[] {
  const primary = (e: Edge) => (by === 'saving' ? totalSaving(e.fit) : e.fit.matchPercentage);
  const secondary = (e: Edge) => (by === 'saving' ? e.fit.matchPercentage : totalSaving(e.fit));
  const sorted = [...edges].sort(
    (x, y) =>
      primary(y) - primary(x) ||
      secondary(y) - secondary(x) ||
      edgeKey(x.a, x.b).localeCompare(edgeKey(y.a, y.b)),
  );
  const taken = new Set<string>();
  const cabs: Cab[] = [];
  for (const edge of sorted) {
    if (taken.has(edge.a) || taken.has(edge.b)) continue;
    if (!fitsCapacity([byId.get(edge.a)!, byId.get(edge.b)!])) continue;
    taken.add(edge.a).add(edge.b);
    cabs.push({ members: [edge.a, edge.b], fit: edge.fit });
  }
  return cabs;
}

/**
 * A third rider for formed pairs: free riders in either member's candidate list, kept when
 * fitCab carries all three within the limits, seats and bags allow, the cab saves more in all and
 * neither of the pair saves less than before; greedy by the added saving.
 */
export function addThirds(
  pairs: Cab[],
  neighbours: Map<string, Set<string>>,
  byId: Map<string, BenchRequest>,
  limits: FitLimits,
): Cab[] {
  const inPair = new Set(pairs.flatMap((c) => c.members));
  const options: { pair: number; third: string; fit: CabFit; added: number }[] = [];
  pairs.forEach((cab, index) => {
    const thirds = new Set(cab.members.flatMap((id) => [...(neighbours.get(id) ?? [])]));
    for (const third of thirds) {
      if (inPair.has(third)) continue;
      const members = [...cab.members, third].map((id) => byId.get(id)!);
      if (!fitsCapacity(members)) continue;
      const fit = fitCab(
        members.map((m) => m.rider),
        limits,
      );
      if (!fit) continue;
      const added = totalSaving(fit) - totalSaving(cab.fit);
      const noneWorse = cab.fit.riders.every(
        (before) => fit.riders.find((r) => r.id === before.id)!.saving >= before.saving,
      );
      if (added > 0 && noneWorse) options.push({ pair: index, third, fit, added });
    }
  });
  options.sort((x, y) => y.added - x.added || x.third.localeCompare(y.third) || x.pair - y.pair);
  const cabs = [...pairs];
  const extended = new Set<number>();
  const placed = new Set<string>();
  for (const option of options) {
    if (extended.has(option.pair) || placed.has(option.third)) continue;
    extended.add(option.pair);
    placed.add(option.third);
    cabs[option.pair] = {
      members: [...pairs[option.pair]!.members, option.third],
      fit: option.fit,
    };
  }
  return cabs;
}

/**
 * For comparison only: cabs of three first. Every trio one candidate edge and a rider in either
 * end's candidate list make, when fitCab carries all three and capacity holds, best total saving
 * first; then pairs among the riders left, then thirds for those pairs.
 */
export function formTriosFirst(
  edges: Edge[],
  neighbours: Map<string, Set<string>>,
  byId: Map<string, BenchRequest>,
  limits: FitLimits,
): Cab[] {
  const tried = new Set<string>();
  const trios: Cab[] = [];
  for (const edge of edges) {
    const thirds = new Set([...(neighbours.get(edge.a) ?? []), ...(neighbours.get(edge.b) ?? [])]);
    for (const third of thirds) {
      const ids = [edge.a, edge.b, third].sort();
      const key = ids.join('|');
      if (third === edge.a || third === edge.b || tried.has(key)) continue;
      tried.add(key);
      const members = ids.map((id) => byId.get(id)!);
      if (!fitsCapacity(members)) continue;
      const fit = fitCab(
        members.map((m) => m.rider),
        limits,
      );
      if (fit) trios.push({ members: ids, fit });
    }
  }
  trios.sort(
    (x, y) =>
      totalSaving(y.fit) - totalSaving(x.fit) ||
      x.members.join('|').localeCompare(y.members.join('|')),
  );
  const taken = new Set<string>();
  const cabs: Cab[] = [];
  for (const trio of trios) {
    if (trio.members.some((id) => taken.has(id))) continue;
    trio.members.forEach((id) => taken.add(id));
    cabs.push(trio);
  }
  const rest = edges.filter((e) => !taken.has(e.a) && !taken.has(e.b));
  const restNeighbours = new Map(
    [...neighbours].map(([id, set]) => [id, new Set([...set].filter((x) => !taken.has(x)))]),
  );
  return [...cabs, ...addThirds(formPairs(rest, byId), restNeighbours, byId, limits)];
}

/**
 * For comparison only: riders left alone rescued from cabs of three. A cab of three gives up one
 * member to ride with a rider left alone, on whose candidate list that member is, when both cabs
 * that result fit (fitCab, seats and bags): one more rider served, at some of the trio's saving.
 * Riders left alone are taken in id order, each to the move that keeps the most saving in all.
 */
export function rescueLeftAlone(
  cabs: Cab[],
  neighbours: Map<string, Set<string>>,
  byId: Map<string, BenchRequest>,
  limits: FitLimits,
): Cab[] {
  const result = [...cabs];
  const served = new Set(result.flatMap((c) => c.members));
  const fitOf = (ids: string[]): Cab | undefined => {
    const members = ids.map((id) => byId.get(id)!);
    if (!fitsCapacity(members)) return undefined;
    const fit = fitCab(
      members.map((m) => m.rider),
      limits,
    );
    return fit ? { members: ids, fit } : undefined;
  };
  for (const alone of [...byId.keys()].filter((id) => !served.has(id)).sort()) {
    const partners = neighbours.get(alone);
    if (!partners) continue;
    let best: { index: number; kept: Cab; rescued: Cab; saving: number } | undefined;
    result.forEach((cab, index) => {
      if (cab.members.length !== 3) return;
      for (const leaving of cab.members.filter((id) => partners.has(id))) {
        const kept = fitOf(cab.members.filter((id) => id !== leaving));
        const rescued = kept && fitOf([leaving, alone]);
        if (!kept || !rescued) continue;
        const saving = totalSaving(kept.fit) + totalSaving(rescued.fit);
        // Only a move that saves riders more in all than the cab of three did.
        if (saving <= totalSaving(cab.fit)) continue;
        if (!best || saving > best.saving) best = { index, kept, rescued, saving };
      }
    });
    if (!best) continue;
    result[best.index] = best.kept;
    result.push(best.rescued);
  }
  return result;
}

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
const median = (xs: number[]) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);

/** The rider who pays most for sharing: the last dropped (from the airport), or the first collected. */
const lastRiderOf = (fit: CabFit, direction: 'drop' | 'pickup') =>
  direction === 'drop'
    ? fit.riders.reduce((last, r) => (r.position > last.position ? r : last))
    : fit.riders.find((r) => r.position === 1)!;

export type DayFigures = ReturnType<typeof figuresOf>;

/** The figures of a day's cabs; riders left alone are not served and save nothing. */
export function figuresOf(cabs: Cab[], requests: BenchRequest[]) {
  const byId = new Map(requests.map((r) => [r.id, r]));
  const served = new Map<string, { saving: number; withinLimits: boolean }>();
  for (const cab of cabs) {
    const acceptable = isAcceptable(cab.fit);
    for (const r of cab.fit.riders)
      served.set(r.id, { saving: r.saving, withinLimits: acceptable });
  }
  const savings = [...served.values()].map((s) => s.saving);
  const soloKmOf = (r: BenchRequest) => soloTrip(r.rider.place, r.rider.timeMs).km;
  const aloneKm = requests.reduce((s, r) => s + soloKmOf(r), 0);
  const cabKm = cabs.reduce((s, c) => s + c.fit.sharedKm, 0);
  const servedAloneKm = cabs.reduce(
    (s, c) => s + c.fit.riders.reduce((t, r) => t + r.soloKm, 0),
    0,
  );
  const sharedKm = cabKm + aloneKm - servedAloneKm;
  const lastExtra = (size?: number) =>
    round(
      mean(
        cabs
          .filter((c) => size === undefined || c.members.length === size)
          .map((c) => lastRiderOf(c.fit, byId.get(c.members[0]!)!.rider.direction).extraMinutes),
      ),
    );
  return {
    requests: requests.length,
    cabsOfTwo: cabs.filter((c) => c.members.length === 2).length,
    cabsOfThree: cabs.filter((c) => c.members.length === 3).length,
    servedShare: round((100 * served.size) / requests.length),
    servedWithinLimitsShare: round(
      (100 * [...served.values()].filter((s) => s.withinLimits).length) / requests.length,
    ),
    meanSavingPerServedRider: round(mean(savings), 0),
    medianSavingPerServedRider: round(median(savings), 0),
    meanSavingInCabsOfThree: round(
      mean(
        cabs
          .filter((c) => c.members.length === 3)
          .flatMap((c) => c.fit.riders.map((r) => r.saving)),
      ),
      0,
    ),
    meanSavingPerRider: round(savings.reduce((a, b) => a + b, 0) / requests.length, 0),
    meanLastRiderExtraMinutes: lastExtra(),
    meanLastRiderExtraMinutesInCabsOfThree: lastExtra(3),
    meanExtraMinutesPerServedRider: round(
      mean(cabs.flatMap((c) => c.fit.riders.map((r) => r.extraMinutes))),
    ),
    /** Every request's vehicle-km (cabs, and riders left alone) against everyone alone. */
    vehicleKmSavedShare: round(100 * (1 - sharedKm / aloneKm)),
    /** The same among the served only: the cabs' km against their riders alone. */
    vehicleKmSavedShareAmongServed: round(100 * (1 - cabKm / servedAloneKm)),
  };
}
