import { estimateFare, splitFare } from '@aeropool/contract/fare';
import type { LatLng } from '../../lib/geo/distance';
import {
  airportLeg,
  cityLeg,
  legKm,
  legMinutes,
  soloTrip,
  TERMINAL_HOP_KM,
  TERMINAL_HOP_MINUTES,
} from '../../lib/geo/trip-geometry';

/** One rider's trip as the cab sees it. `drop` runs airport → place, `pickup` place → airport. */
export type CabRider = {
  id: string;
  direction: 'drop' | 'pickup';
  terminal: string;
  place: LatLng;
  /** Drop: when the rider is at the airport kerb. Pickup: when the rider wants to be collected. */
  timeMs: number;
};

export type FitLimits = {
  /** A rider's extra minutes, at most this many… */
  maxDetourMinutes: number;
  /** …and at most this share of their solo minutes. */
  maxDetourShare: number;
  /** The time misfit: the earlier rider's wait at the kerb, or how far the cab is off a pickup time. */
  maxWaitMinutes: number;
};

export type RiderFit = {
  id: string;
  /** 1 for the first dropped (from the airport) or the first collected (to the airport). */
  position: number;
  soloKm: number;
  soloMinutes: number;
  extraMinutes: number;
  /** From the airport: how long the rider waits at the kerb for the cab's last rider. Else 0. */
  waitMinutes: number;
  /** When the cab reaches the rider's place: the drop time, or the pickup time. */
  reachesAtMs: number;
  soloFare: number;
  /** Their part of the cab fare, in proportion to their solo fare. */
  share: number;
  saving: number;
};

export type CabFit = {
  riders: RiderFit[];
  /** When the cab sets off: from the airport, when its last rider is at the kerb; to it, its first pickup. */
  leavesAtMs: number;
  sharedKm: number;
  cabFare: number;
  misfitMinutes: number;
  withinLimits: boolean;
  matchPercentage: number;
  /** matchPercentage unrounded. */
  score: number;
};

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/**
 * The percentage (docs/matching.md), from the saving (1 = the cab costs what one rider alone
 * does), the worst-off rider's detour and the time misfit, each as a share of its limit:
 * 100 · (½ + ½ · saving) · (1 − ½ · detour) · (1 − ½ · misfit).
 */
export function fitPercentage(fit: {
  saving: number;
  worstDetour: number;
  misfit: number;
}): number {
  return Math.round(fitScore(fit));
}

/** The percentage before rounding: orders are compared on it, so near-ties do not depend on input order. */
const fitScore = (fit: { saving: number; worstDetour: number; misfit: number }) =>
  100 *
  (0.5 + 0.5 * clamp01(fit.saving)) *
  (1 - 0.5 * clamp01(fit.worstDetour)) *
  (1 - 0.5 * clamp01(fit.misfit));

const permutations = <T>(items: T[]): T[][] =>
  items.length <= 1
    ? [items]
    : items.flatMap((item, i) =>
        permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
      );

/**
 * The cab in one order: from the airport, it leaves when the last rider is at the kerb and drops
 * riders in `order`; to the airport, it collects `order[0]` and reaches each next rider after the
 * drive between them, starting when the riders' shifts from their times are even.
 */
function fitInOrder(
  order: CabRider[],
  limits: FitLimits,
  clockMs: number,
  soloOf: Map<string, { km: number; minutes: number }>,
  notBeforeMs: number,
): CabFit {
  const first = order[0]!;
  const hop = new Set(order.map((r) => r.terminal)).size > 1;
  const hopKm = hop ? TERMINAL_HOP_KM : 0;
  const hopMinutes = hop ? TERMINAL_HOP_MINUTES : 0;
  const links = order.slice(1).map((r, i) => cityLeg(order[i]!.place, r.place));
  const linkMinutes = links.map((leg) => legMinutes(leg, clockMs));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

  let rides: number[];
  let reaches: number[];
  let waits: number[];
  let misfit: number;
  let sharedKm: number;
  if (first.direction === 'drop') {
    const out = airportLeg(first.place);
    const departure = Math.max(...order.map((r) => r.timeMs));
    misfit = (departure - Math.min(...order.map((r) => r.timeMs))) / 60_000;
    rides = order.map(
      (_, i) => hopMinutes + legMinutes(out, clockMs) + sum(linkMinutes.slice(0, i)),
    );
    reaches = rides.map((minutes) => departure + minutes * 60_000);
    waits = order.map((r) => (departure - r.timeMs) / 60_000);
    sharedKm = hopKm + legKm(out) + sum(links.map(legKm));
  } else {
    const last = order.at(-1)!;
    const home = airportLeg(last.place);
    const planned = order.map((_, i) => first.timeMs + sum(linkMinutes.slice(0, i)) * 60_000);
    // The cab starts so that the riders' shifts are even: the earliest and the latest are off
    // their times by the same minutes, in opposite directions.
    const offsets = order.map((r, i) => planned[i]! - r.timeMs);
    const shift = -(Math.max(...offsets) + Math.min(...offsets)) / 2;
    reaches = planned.map((t) => t + shift);
    misfit = Math.max(...order.map((r, i) => Math.abs(reaches[i]! - r.timeMs) / 60_000));
    waits = order.map(() => 0);
    rides = order.map((_, i) => sum(linkMinutes.slice(i)) + legMinutes(home, clockMs) + hopMinutes);
    sharedKm = sum(links.map(legKm)) + legKm(home) + hopKm;
  }

  const solos = order.map((r) => soloOf.get(r.id)!);
  const soloFares = solos.map((s) => estimateFare(s.km));
  const cabFare = estimateFare(sharedKm);
  const totalSolo = sum(soloFares);
  const shares = splitFare(cabFare, soloFares);
  const riders = order.map((r, i): RiderFit => {
    const share = shares[i]!;
    return {
      id: r.id,
      position: i + 1,
      soloKm: solos[i]!.km,
      soloMinutes: solos[i]!.minutes,
      extraMinutes: Math.max(0, rides[i]! - solos[i]!.minutes),
      waitMinutes: waits[i]!,
      reachesAtMs: reaches[i]!,
      soloFare: soloFares[i]!,
      share,
      saving: soloFares[i]! - share,
    };
  });
  const limitOf = (r: RiderFit) =>
    Math.min(limits.maxDetourMinutes, limits.maxDetourShare * r.soloMinutes);
  const withinLimits =
    misfit <= limits.maxWaitMinutes + 1e-9 &&
    riders.every((r) => r.extraMinutes <= limitOf(r) + 1e-9) &&
    // Nobody can be collected in the past (a drop leaves at the last kerb time, never past).
    reaches[0]! > notBeforeMs;

  const share = (value: number, limit: number) => (limit > 0 ? value / limit : value > 0 ? 1 : 0);
  const score = fitScore({
    // Every rider saves the same share of their solo fare; 50 % for identical trips.
    saving: share(1 - cabFare / totalSolo, 0.5),
    worstDetour: Math.max(...riders.map((r) => share(r.extraMinutes, limitOf(r)))),
    misfit: share(misfit, limits.maxWaitMinutes),
  });
  return {
    riders,
    leavesAtMs: first.direction === 'drop' ? reaches[0]! - rides[0]! * 60_000 : reaches[0]!,
    sharedKm,
    cabFare,
    misfitMinutes: misfit,
    withinLimits,
    matchPercentage: Math.round(score),
    score,
  };
}

/**
 * The best way to share one cab among `riders` (same direction): every order is tried, and the
 * one within the limits with the highest percentage wins. Null when no order keeps every rider
 * within the limits, or the directions differ. A cab still to form passes `notBeforeMs` (now):
 * an order whose first pickup is not after it cannot be driven.
 */
export function fitCab(
  riders: CabRider[],
  limits: FitLimits,
  notBeforeMs = -Infinity,
): CabFit | null {
  if (new Set(riders.map((r) => r.direction)).size !== 1) return null;
  // One clock for the whole cab, whatever the order: when it leaves the airport (the last rider
  // at the kerb), or the earliest pickup time. Speeds, and so solo minutes, are read at it.
  const times = riders.map((r) => r.timeMs);
  const clockMs = riders[0]!.direction === 'drop' ? Math.max(...times) : Math.min(...times);
  const soloOf = new Map(riders.map((r) => [r.id, soloTrip(r.place, clockMs)]));
  let best: CabFit | null = null;
  // Orders are tried from the riders sorted by id, and compared unrounded (then on the cab's
  // fare): every rider of a cab sees the same order, whoever is looking.
  const sorted = [...riders].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const order of permutations(sorted)) {
    const fit = fitInOrder(order, limits, clockMs, soloOf, notBeforeMs);
    if (!fit.withinLimits) continue;
    if (
      !best ||
      fit.score > best.score + 1e-9 ||
      (Math.abs(fit.score - best.score) <= 1e-9 && fit.cabFare < best.cabFare)
    )
      best = fit;
  }
  return best;
}
