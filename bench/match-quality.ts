/**
 * npm run bench:match-quality — the quality of matching, not its speed (docs/match-quality.md).
 * A seeded synthetic airport day (bench/lib/airport-day.ts) is posted through the API to the real
 * app in process (PGlite); every rider asks for their potential matches as the owner; the cards
 * shown become candidate edges, paired greedily and grown to cabs of three (bench/lib/greedy-cabs.ts)
 * with the server's own cab fit. Prints riders served, served within the limits, saving, the last
 * rider's extra minutes and vehicle-km saved at 2,000 and 200 requests a day, plus, per
 * matchPercentage band, how many cards were shown and the share a rider would accept; and, against
 * an exhaustive fit of every pair, what the server's sieve left out. Writes
 * bench/results/match-quality.json.
 */
import { RIDE_LIMITS } from '@aeropool/contract/rides';
import { buildApp } from '../apps/server/src/app';
import { rideRequests } from '../apps/server/src/db/schema';
import { haversineMetres } from '../apps/server/src/lib/geo/distance';
import { loadSecrets } from '../apps/server/src/lib/secrets';
import { fitCab } from '../apps/server/src/modules/matching/cab-fit';
import { fitLimits } from '../apps/server/src/modules/matching/ride-fit';
import { openTestDatabase } from '../apps/server/src/test/test-database';
import { airportDay, airportRideBody, istMidnight, type AirportRide } from './lib/airport-day';
import {
  addThirds,
  edgeKey,
  exhaustiveEdges,
  formTriosFirst,
  rescueLeftAlone,
  neighboursOf,
  figuresOf,
  formPairs,
  fitsCapacity,
  isAcceptable,
  type BenchRequest,
  type Cab,
  type DayFigures,
  type Edge,
} from './lib/greedy-cabs';
import { serveArrivals } from './lib/serve-arrivals';
import { insertDayRiders, requestName } from './lib/day-riders';
import { writeResults } from './lib/stats';
import { benchConfig } from './lib/bench-config';

const SIZES = (process.env.BENCH_SIZES ?? '2000,200').split(',').map(Number);
const SEED = Number(process.env.BENCH_SEED ?? 20_260_401);
/** The day: this many days after today in Asia/Kolkata, so every time is ahead of the clock. */
const DAYS_AHEAD = 3;
/** Days up to this size are also run on this many other seeds, for the spread. */
const SPREAD_MAX_SIZE = 500;
const SPREAD_DAYS = Number(process.env.BENCH_SPREAD_DAYS ?? 5);
/** The posting order of a day of `n` requests is drawn from `seed + n + POSTING_ORDER_SEED`. */
const POSTING_ORDER_SEED = 7;

type Target = { name: keyof DayFigures; atLeast?: number; atMost?: number; baseline?: number };
/** The issue's targets on the headline figures; `baseline` is the earlier simulation's old matcher. */
const TARGETS: Record<number, Target[]> = {
  2000: [
    { name: 'servedWithinLimitsShare', atLeast: 93, baseline: 89 },
    { name: 'meanSavingPerServedRider', atLeast: 550, baseline: 436 },
  ],
  200: [{ name: 'servedWithinLimitsShare', atLeast: 70, baseline: 53 }],
};
const TARGETS_AT_EVERY_SIZE: Target[] = [
  { name: 'meanLastRiderExtraMinutes', atMost: 8, baseline: 4.6 },
  { name: 'meanLastRiderExtraMinutesInCabsOfThree', atMost: 8 },
];
/** The earlier simulation with groups of up to three: ₹570 mean saving, 61 % vehicle-km saved. */
const BASELINE_GROUPS_OF_THREE = { meanSavingPerServedRider: 570, vehicleKmSavedShare: 61 };
const BASELINE_PAIRS_VEHICLE_KM_SAVED = 47;

/** The server's card, as far as this bench reads it. */
type Card = {
  _id: string;
  matchPercentage: number;
  fit: { saving: number; extraMinutes: number };
  /** Set on a card for a cab that already has riders; none exist here, as nobody is matched. */
  cab?: unknown;
};

/** Posts the day through the API and asks, as each owner, for their potential matches. */
async function serveDay(day: AirportRide[]) {
  process.env.TEST_DB = 'pglite';
  const { database, drop } = await openTestDatabase();
  try {
    const config = benchConfig();
    const app = await buildApp({ config, database, secrets: loadSecrets(config) });
    await app.ready();
    const riders = await insertDayRiders(database.db, day.length, 'quality');

    const started = Date.now();
    const posted: { id: string; token: string; ride: AirportRide }[] = [];
    for (const [i, ride] of day.entries()) {
      // One request per rider: the 2-hour rule never gets in the way.
      const token = await app.sessions.issue(riders[i]!);
      const res = await app.inject({
        method: 'POST',
        url: '/api/ride-request/create',
        headers: { authorization: `Bearer ${token}` },
        payload: airportRideBody(ride),
      });
      if (res.statusCode !== 201) throw new Error(`ride-request/create: ${res.body}`);
      posted.push({ id: res.json().entities[0]._id, token, ride });
    }
    const postMs = Date.now() - started;

    const cardsOf = new Map<string, Card[]>();
    for (const { id, token } of posted) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/ride-request/potential-matches-and-requests/${id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(`potential-matches: ${res.body}`);
      const cards: Card[] = res.json().entities[0].potentialMatches;
      cardsOf.set(
        id,
        cards.filter((c) => c.cab === undefined),
      );
    }
    const queryMs = Date.now() - started - postMs;

    // The server's own stored columns (place, time, terminal), not what was sent. Requests are
    // named by their place in the day, not by uuid, so every tie breaks the same way each run.
    const rows = await database.db.select().from(rideRequests);
    const rowOf = new Map(rows.map((r) => [r.id, r]));
    const nameOf = new Map(posted.map(({ id }, i) => [id, requestName(i)]));
    const requests: BenchRequest[] = posted.map(({ id, ride }) => {
      const row = rowOf.get(id)!;
      const name = nameOf.get(id)!;
      return {
        id: name,
        seats: ride.seats,
        bags: ride.bags,
        rider: {
          id: name,
          direction: row.direction,
          terminal: row.terminal,
          place: { latitude: row.placeLatitude, longitude: row.placeLongitude },
          timeMs: row.timeOfTravel.getTime(),
        },
      };
    });
    const shown = new Map(
      [...cardsOf].map(([id, cards]) => [
        nameOf.get(id)!,
        cards.map((card) => ({ ...card, _id: nameOf.get(card._id)! })),
      ]),
    );
    const limits = fitLimits(app);
    const sieve = {
      maxKm: config.MATCH_MAX_DISTANCE_KM,
      dropWindowMinutes: config.MATCH_MAX_WAIT_MINUTES,
      pickupWindowMinutes: config.MATCH_WINDOW_MINUTES,
    };
    await app.close();
    return { requests, shown, limits, sieve, postMs, queryMs };
  } finally {
    await drop();
  }
}

const BANDS = [
  { name: '90–100', min: 90 },
  { name: '80–89', min: 80 },
  { name: '70–79', min: 70 },
  { name: '60–69', min: 60 },
  { name: '50–59', min: 50 },
  { name: '<50', min: -Infinity },
];

type Served = Awaited<ReturnType<typeof serveDay>>;
type Sieve = Served['sieve'];
type Analysis = ReturnType<typeof analyse>;

function analyse(run: Served) {
  const { requests, shown, limits, sieve } = run;
  const byId = new Map(requests.map((r) => [r.id, r]));

  // Cards → undirected edges. Each card is refitted here viewer first, as the server fits it, and
  // checked against what the card says; the edge keeps the cab of its first card.
  const edges = new Map<string, Edge>();
  const bands = BANDS.map((b) => ({ band: b.name, shown: 0, accepted: 0, saving: 0, extra: 0 }));
  const consistency = {
    percentageMismatches: 0,
    savingMismatches: 0,
    unfit: 0,
    overCapacity: 0,
    orderDependent: 0,
  };
  for (const [viewer, cards] of shown) {
    for (const card of cards) {
      const key = edgeKey(viewer, card._id);
      const fit = fitCab([byId.get(viewer)!.rider, byId.get(card._id)!.rider], limits);
      const band = bands[BANDS.findIndex((b) => card.matchPercentage >= b.min)]!;
      band.shown += 1;
      if (!fitsCapacity([byId.get(viewer)!, byId.get(card._id)!])) consistency.overCapacity += 1;
      if (!fit) {
        consistency.unfit += 1;
        continue;
      }
      const me = fit.riders.find((r) => r.id === viewer)!;
      if (isAcceptable(fit)) band.accepted += 1;
      band.saving += me.saving;
      band.extra += me.extraMinutes;
      if (fit.matchPercentage !== card.matchPercentage) consistency.percentageMismatches += 1;
      if (me.saving !== card.fit.saving) consistency.savingMismatches += 1;
      const earlier = edges.get(key);
      if (!earlier) edges.set(key, { a: viewer, b: card._id, fit });
      else if (earlier.fit.riders.find((r) => r.id === viewer)!.saving !== me.saving)
        consistency.orderDependent += 1;
    }
  }
  const shownNeighbours = new Map(
    [...shown].map(([id, cards]) => [id, new Set(cards.map((c) => c._id))]),
  );
  const serverEdges = [...edges.values()];

  const allEdges = exhaustiveEdges(requests, limits);
  const compatible = neighboursOf(allEdges);
  /** Why riders were left alone: nobody fits them at all, the server showed them nobody, or all taken. */
  const unservedOf = (cabs: Cab[]) => {
    const served = new Set(cabs.flatMap((c) => c.members));
    const why = { noCompatiblePartner: 0, noneShown: 0, shownPartnersTakenOrFull: 0 };
    for (const r of requests) {
      if (served.has(r.id)) continue;
      if (!compatible.get(r.id)?.size) why.noCompatiblePartner += 1;
      else if (!shown.get(r.id)?.length) why.noneShown += 1;
      else why.shownPartnersTakenOrFull += 1;
    }
    return why;
  };
  const scenario = (
    edgeList: Edge[],
    neighbours: Map<string, Set<string>>,
    by: 'saving' | 'percentage',
  ) => {
    const pairs = formPairs(edgeList, byId, by);
    const cabs = addThirds(pairs, neighbours, byId, limits);
    return {
      pairsOnly: figuresOf(pairs, requests),
      withCabsOfThree: figuresOf(cabs, requests),
      unservedWithCabsOfThree: unservedOf(cabs),
    };
  };
  const server = scenario(serverEdges, shownNeighbours, 'saving');
  const triosFirst = formTriosFirst(serverEdges, shownNeighbours, byId, limits);
  const serverByPercentage = scenario(serverEdges, shownNeighbours, 'percentage');
  const exhaustive = scenario(allEdges, compatible, 'saving');

  return {
    server,
    serverByPercentage,
    exhaustive,
    serverTriosFirst: figuresOf(triosFirst, requests),
    serverTriosFirstRescued: figuresOf(
      rescueLeftAlone(triosFirst, shownNeighbours, byId, limits),
      requests,
    ),
    bands: bands.map(({ band, shown, accepted, saving, extra }) => ({
      band,
      shown,
      accepted,
      acceptedShare: shown ? Math.round((1000 * accepted) / shown) / 10 : null,
      meanViewerSaving: shown ? Math.round(saving / shown) : null,
      meanViewerExtraMinutes: shown ? Math.round((10 * extra) / shown) / 10 : null,
    })),
    consistency,
    notShown: sieveLosses(requests, shown, allEdges, sieve),
  };
}

/** Compatible partners a rider was not shown, and why: distance, time window, top-20 or the SQL LIMIT. */
function sieveLosses(
  requests: BenchRequest[],
  shown: Map<string, Card[]>,
  allEdges: Edge[],
  sieve: Sieve,
) {
  const byId = new Map(requests.map((r) => [r.id, r]));
  const sqlLimit = RIDE_LIMITS.maxPotentialMatches * 3;
  const compatible = neighboursOf(allEdges);
  const percentageOf = new Map(allEdges.map((e) => [edgeKey(e.a, e.b), e.fit.matchPercentage]));
  const missed = { distance: 0, timeWindow: 0, top20: 0, sqlLimit: 0 };
  let compatibleDirected = 0;
  let viewersOverSqlLimit = 0;
  let listsFull = 0;
  const inSieve = (a: BenchRequest, b: BenchRequest) => {
    const window =
      a.rider.direction === 'drop' ? sieve.dropWindowMinutes : sieve.pickupWindowMinutes;
    const far = haversineMetres(a.rider.place, b.rider.place) > sieve.maxKm * 1000;
    const late = Math.abs(a.rider.timeMs - b.rider.timeMs) > window * 60_000;
    return { far, late };
  };
  for (const viewer of requests) {
    const cards = shown.get(viewer.id) ?? [];
    const seen = new Set(cards.map((c) => c._id));
    const sieveRows = requests.filter((o) => {
      if (o.id === viewer.id || o.rider.direction !== viewer.rider.direction) return false;
      const { far, late } = inSieve(viewer, o);
      return !far && !late;
    }).length;
    if (sieveRows > sqlLimit) viewersOverSqlLimit += 1;
    if (cards.length >= RIDE_LIMITS.maxPotentialMatches) listsFull += 1;
    const worstShown = Math.min(...cards.map((c) => c.matchPercentage));
    for (const other of compatible.get(viewer.id) ?? []) {
      compatibleDirected += 1;
      if (seen.has(other)) continue;
      const { far, late } = inSieve(viewer, byId.get(other)!);
      if (far) missed.distance += 1;
      else if (late) missed.timeWindow += 1;
      else if (
        cards.length >= RIDE_LIMITS.maxPotentialMatches &&
        percentageOf.get(edgeKey(viewer.id, other))! <= worstShown
      )
        missed.top20 += 1;
      else missed.sqlLimit += 1;
    }
  }
  return { compatibleDirected, missed, viewersOverSqlLimit, listsFull };
}

const pct = (x: number) => `${x.toFixed(1)}%`;
const rupees = (x: number) => `₹${Math.round(x)}`;

function printFigures(label: string, f: DayFigures) {
  console.log(
    `  ${label.padEnd(30)} served ${pct(f.servedShare).padStart(6)}  within limits ${pct(f.servedWithinLimitsShare).padStart(6)}` +
      `  saving mean ${rupees(f.meanSavingPerServedRider).padStart(5)} median ${rupees(f.medianSavingPerServedRider).padStart(5)}` +
      `  last rider +${f.meanLastRiderExtraMinutes.toFixed(1)} min (trios +${Number.isNaN(f.meanLastRiderExtraMinutesInCabsOfThree) ? '–' : f.meanLastRiderExtraMinutesInCabsOfThree.toFixed(1)})` +
      `  vehicle-km saved ${pct(f.vehicleKmSavedShare)} (served ${pct(f.vehicleKmSavedShareAmongServed)})  cabs ${f.cabsOfTwo}×2 ${f.cabsOfThree}×3`,
  );
}

/** The targets, on the headline figures (server cards, pairs by saving, then cabs of three). */
const checksOf = (n: number, f: DayFigures) =>
  [...(TARGETS[n] ?? []), ...TARGETS_AT_EVERY_SIZE]
    .filter((t) => !Number.isNaN(f[t.name]))
    .map((t) => ({
      ...t,
      value: f[t.name],
      met: t.atLeast !== undefined ? f[t.name] >= t.atLeast : f[t.name] <= t.atMost!,
    }));

function printDay(n: number, seed: number, run: Served, analysis: Analysis, analyseMs: number) {
  const cardsShown = [...run.shown.values()].reduce((s, c) => s + c.length, 0);
  console.log(
    `\n${n.toLocaleString('en-IN')} requests on ${new Date(dayStartMs + 330 * 60_000).toISOString().slice(0, 10)} (IST), seed ${seed}: posted in ${run.postMs} ms, matches asked in ${run.queryMs} ms, analysed in ${analyseMs} ms; ${(cardsShown / n).toFixed(1)} cards shown per request`,
  );
  printFigures('pairs only', analysis.server.pairsOnly);
  printFigures('with cabs of three', analysis.server.withCabsOfThree);
  printFigures('(pairs by percentage)', analysis.serverByPercentage.pairsOnly);
  printFigures('(… with cabs of three)', analysis.serverByPercentage.withCabsOfThree);
  printFigures('(trios first)', analysis.serverTriosFirst);
  printFigures('(… riders left alone rescued)', analysis.serverTriosFirstRescued);
  printFigures('(no sieve: pairs only)', analysis.exhaustive.pairsOnly);
  printFigures('(no sieve: cabs of three)', analysis.exhaustive.withCabsOfThree);
  const why = analysis.server.unservedWithCabsOfThree;
  console.log(
    `  left alone (with cabs of three): no compatible rider in the whole day ${why.noCompatiblePartner}, compatible riders but none shown ${why.noneShown}, every shown rider taken or over capacity ${why.shownPartnersTakenOrFull}`,
  );
  console.log(
    '  matchPercentage band: cards shown, share a rider would accept, viewer saving, extra minutes',
  );
  for (const b of analysis.bands)
    console.log(
      `    ${b.band.padEnd(7)} ${String(b.shown).padStart(6)}  ${b.acceptedShare === null ? '–' : pct(b.acceptedShare).padStart(6)}  ${b.meanViewerSaving === null ? '–' : rupees(b.meanViewerSaving).padStart(5)}  +${b.meanViewerExtraMinutes?.toFixed(1) ?? '–'} min`,
    );
  const { missed, compatibleDirected, viewersOverSqlLimit, listsFull } = analysis.notShown;
  console.log(
    `  compatible partners (rider → partner) ${compatibleDirected}; not shown: beyond ${run.sieve.maxKm} km ${missed.distance}, outside the time window ${missed.timeWindow}, below a full top-${RIDE_LIMITS.maxPotentialMatches} ${missed.top20}, cut by the SQL LIMIT ${missed.sqlLimit}; riders whose sieve passed > ${RIDE_LIMITS.maxPotentialMatches * 3} rows ${viewersOverSqlLimit}, lists full ${listsFull}`,
  );
  const c = analysis.consistency;
  console.log(
    `  server card vs local cab fit: ${c.percentageMismatches} percentage and ${c.savingMismatches} saving mismatches, ${c.unfit} cards that do not fit, ${c.overCapacity} cards over a cab's seats or bags; ${c.orderDependent} cards whose cab differs from the one the other rider sees`,
  );
}

/** A small day is noisy: other seeded days of the same size, for the spread of the headline. */
async function spreadOf(n: number) {
  const days: (DayFigures & { seed: number })[] = [];
  for (let k = 1; k <= SPREAD_DAYS; k += 1) {
    const seed = SEED + n + 1000 * k;
    const f = analyse(await serveDay(airportDay(n, seed, dayStartMs))).server.withCabsOfThree;
    days.push({ seed, ...f });
  }
  const pick = (
    key: 'servedWithinLimitsShare' | 'meanSavingPerServedRider' | 'meanLastRiderExtraMinutes',
  ) => {
    const xs = days.map((d) => d[key]);
    return {
      mean: Math.round((10 * xs.reduce((a, b) => a + b, 0)) / xs.length) / 10,
      min: Math.min(...xs),
      max: Math.max(...xs),
    };
  };
  return {
    days: days.length,
    servedWithinLimitsShare: pick('servedWithinLimitsShare'),
    meanSavingPerServedRider: pick('meanSavingPerServedRider'),
    meanLastRiderExtraMinutes: pick('meanLastRiderExtraMinutes'),
    perDay: days,
  };
}

/** The day posted one rider at a time through the API (bench/lib/serve-arrivals.ts). */
async function postingOrderFigures(n: number, seed: number, choose: 'saving' | 'percentage') {
  const day = airportDay(n, seed, dayStartMs);
  const arrivals = await serveArrivals(day, seed + POSTING_ORDER_SEED, choose);
  const figures = figuresOf(arrivals.cabs, arrivals.requests);
  printFigures(`in posting order (${choose === 'saving' ? 'best saving' : 'top card'})`, figures);
  console.log(
    `    ${arrivals.asked} match requests sent and accepted, ${arrivals.refusedByCab} cab cards passed over (a rider of the cab would save less), ${arrivals.ms} ms`,
  );
  return { ...figures, asked: arrivals.asked, cabCardsPassedOver: arrivals.refusedByCab };
}

const dayStartMs = istMidnight(Date.now(), DAYS_AHEAD);
const results = [];
const targets = [];
for (const n of SIZES) {
  const seed = SEED + n;
  const run = await serveDay(airportDay(n, seed, dayStartMs));
  const t0 = Date.now();
  const analysis = analyse(run);
  printDay(n, seed, run, analysis, Date.now() - t0);
  const inPostingOrder = await postingOrderFigures(n, seed, 'saving');
  const inPostingOrderByPercentage = await postingOrderFigures(n, seed, 'percentage');
  const checks = checksOf(n, analysis.server.withCabsOfThree);
  for (const c of checks)
    console.log(
      `  target ${c.name} ${c.atLeast !== undefined ? `≥ ${c.atLeast}` : `≤ ${c.atMost}`}: ${c.value} — ${c.met ? 'met' : 'MISSED'}${c.baseline !== undefined ? ` (old matcher ${c.baseline})` : ''}`,
    );
  const spread = n <= SPREAD_MAX_SIZE && SPREAD_DAYS > 0 ? await spreadOf(n) : undefined;
  if (spread) {
    const line = (name: string, s: { mean: number; min: number; max: number }) =>
      `${name} mean ${s.mean} (${s.min}–${s.max})`;
    console.log(
      `  ${spread.days} more seeded days of ${n}, with cabs of three: ${line('within limits %', spread.servedWithinLimitsShare)}, ${line('saving ₹', spread.meanSavingPerServedRider)}, ${line('last rider min', spread.meanLastRiderExtraMinutes)}`,
    );
  }
  targets.push({ requests: n, seed, checks });
  results.push({
    requests: n,
    seed,
    cardsShownPerRequest: [...run.shown.values()].reduce((s, c) => s + c.length, 0) / n,
    limits: run.limits,
    sieve: run.sieve,
    ...analysis,
    inPostingOrder,
    inPostingOrderByPercentage,
    ...(spread ? { otherSeededDays: spread } : {}),
  });
}

const file = writeResults('match-quality', {
  when: new Date().toISOString(),
  day: new Date(dayStartMs + 330 * 60_000).toISOString().slice(0, 10),
  dayStarts: new Date(dayStartMs).toISOString(),
  seed: SEED,
  note: 'Headline figures: server cards, pairs by combined saving, then cabs of three (server.withCabsOfThree). Shares are % of all requests; savings in rupees per served request.',
  targets,
  baseline: {
    groupsOfThree: BASELINE_GROUPS_OF_THREE,
    pairsVehicleKmSavedShare: BASELINE_PAIRS_VEHICLE_KM_SAVED,
  },
  results,
});
console.log(`\nwritten to ${file}`);
