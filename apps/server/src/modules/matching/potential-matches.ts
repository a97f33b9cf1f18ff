import { and, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Gender } from '@aeropool/contract/gender';
import {
  CAB_LIMITS,
  RIDE_LIMITS,
  type MatchRequest,
  type PotentialMatch,
} from '@aeropool/contract/rides';
import type { Db } from '../../db/database';
import { matchRequests, matches, rideRequests, users } from '../../db/schema';
import { haversineMetres } from '../../lib/geo/distance';
import { TERMINALS } from '@aeropool/contract/places';
import type { ServiceContext } from '../../lib/service-context';
import {
  effectiveStatus,
  riderColumns,
  toRideRequestView,
  withoutEmail,
  withTrust,
  type RideRequestRow,
} from '../rides/ride-request-view';
import { ownOrThrow } from '../rides/ride-request-service';
import { gridCellsCovering } from './grid-cell';
import { figuresFor, fitPair, metresBetween } from './ride-fit';
import { admitToCab, cabMembersFromJson, cabMembersJson, cabView } from './cab-members';
import { isHiddenRider } from './rating-rule';
import { isKeptApart } from './kept-apart';
import { isBlockedPair } from '../safety/block-rule';

/** Great-circle metres between Terminal 1 and Terminal 2. */
const TERMINAL_HOP_METRES = haversineMetres(TERMINALS[0], TERMINALS[1]);

const param = (
  name: string,
  type: 'float8' | 'uuid' | 'text' | 'timestamptz' | 'boolean' | 'integer[]',
) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

type Sieve = 'near' | 'wide';

/** A parameter of one sieve: the wider search has its own cells, window, box and distance. */
const sieveParam = (sieve: Sieve, name: string, type: 'float8' | 'timestamptz' | 'integer[]') =>
  param(sieve === 'near' ? name : `wide_${name}`, type);

/** Great-circle metres from my place to a candidate's. */
const metresFromMine = () => {
  const lat = param('lat', 'float8');
  const lng = param('lng', 'float8');
  const { placeLatitude: latitude, placeLongitude: longitude } = rideRequests;
  return sql<number>`6371008.8 * 2 * asin(sqrt(
    power(sin(radians(${latitude} - ${lat}) / 2), 2) +
    cos(radians(${lat})) * cos(radians(${latitude})) *
    power(sin(radians(${longitude} - ${lng}) / 2), 2)))`;
};

/**
 * Where a sieve looks: others' open rides and riders of matches (the predicate of the index
 * ride_requests_open_cell_time_idx) in my direction, in its cells and window first (the index:
 * the rows read follow the local density, decision 010), then its box and exact distance; an open
 * ride must also fit one cab with mine (a cab's room is checked with all its riders).
 */
const sieveConditions = (sieve: Sieve): SQL[] => {
  const ride = rideRequests;
  return [
    sql`${ride.status} in ('Active', 'Matched')`,
    sql`${ride.direction} = ${param('direction', 'text')}`,
    sql`(${ride.status} <> 'Active' or (
      ${ride.seats} + ${param('seats', 'float8')} <= ${CAB_LIMITS.maxSeats} and
      ${ride.bags} + ${param('bags', 'float8')} <= ${CAB_LIMITS.maxBags}))`,
    sql`${ride.gridCell} = any(${sieveParam(sieve, 'cells', 'integer[]')})`,
    sql`${ride.timeOfTravel} between ${sieveParam(sieve, 'from', 'timestamptz')} and ${sieveParam(sieve, 'to', 'timestamptz')}`,
    sql`${ride.riderId} <> ${param('riderId', 'uuid')}`,
    sql`${ride.placeLatitude} between ${sieveParam(sieve, 'latMin', 'float8')} and ${sieveParam(sieve, 'latMax', 'float8')}`,
    sql`${ride.placeLongitude} between ${sieveParam(sieve, 'lngMin', 'float8')} and ${sieveParam(sieve, 'lngMax', 'float8')}`,
    sql`${metresFromMine()} <= ${sieveParam(sieve, 'maxMetres', 'float8')}`,
  ];
};

/**
 * One sieve of the candidate search, read from ride_requests alone: open rides and riders of Active
 * matches (a cab with room, issue 10) in my direction within the sieve's cells, window and
 * distance, that the safety, rating and women-only rules allow; the best few by a proxy, as ids
 * and scores. Riders, trust signals and cabs are joined to these rows only (candidateStatement).
 */
function rankedSieve(db: Db, sieve: Sieve, onlyWhen?: SQL) {
  const circuity = param('circuity', 'float8');
  // Great-circle metres and a ranking proxy in SQL, so only the best few rows leave the database
  // whatever the density; each is then fitted exactly (cab-fit) here. The proxy is the straight-line
  // share of distance saved times a time factor:
  //   shared = hop(terminals) + min(dA, dB) + circuity · |placeA − placeB|
  //   proxy  = clamp(2 · (dA + dB − shared) / (dA + dB), 0, 1) · (1 − ½ · min(1, |tA − tB| / window))
  const distance = metresFromMine();
  const hop = sql`case when ${rideRequests.terminal} = ${param('terminal', 'text')} then 0 else ${param('terminalHop', 'float8')} end`;
  const roadMetres = param('roadMetres', 'float8');
  const solo = sql`(${rideRequests.roadMetres} + ${roadMetres})`;
  const shared = sql`(${hop} + least(${rideRequests.roadMetres}, ${roadMetres}) + ${distance} * ${circuity})`;
  const gapMinutes = sql`abs(extract(epoch from ${rideRequests.timeOfTravel}) * 1000 - ${param('timeMs', 'float8')}) / 60000`;
  const approxScore = sql<number>`greatest(0, least(1, 2 * (${solo} - ${shared}) / ${solo})) * (1 - 0.5 * least(1, ${gapMinutes} / ${sieveParam(sieve, 'windowMinutes', 'float8')}))`;
  const mineId = param('mineId', 'uuid');
  const riderId = param('riderId', 'uuid');
  return db
    .select({
      id: rideRequests.id,
      score: approxScore.as('score'),
      wide: sql<boolean>`${sql.raw(sieve === 'wide' ? 'true' : 'false')}`.as('wide'),
    })
    .from(rideRequests)
    .where(
      and(
        ...sieveConditions(sieve),
        // A rider of a match is a candidate while that match is Active and its cab has room for my
        // seats and bags: a full cab's riders must not fill the rows kept (nor keep the wider
        // search from running) only to be dropped when fitted.
        sql`(${rideRequests.status} = 'Active' or exists (select 1 from ${matches} m
          where m.id = ${rideRequests.currentMatchId} and m.status = 'Active'
            and (select sum(cr.seats) + ${param('seats', 'float8')} <= ${CAB_LIMITS.maxSeats}
                and sum(cr.bags) + ${param('bags', 'float8')} <= ${CAB_LIMITS.maxBags}
              from match_members cm join ride_requests cr on cr.id = cm.ride_request_id
              where cm.match_id = m.id)))`,
        sql`not ${isHiddenRider(rideRequests.riderId)}`,
        sql`not ${isBlockedPair(rideRequests.riderId, riderId)}`,
        // Women-only, both ways: decided on the riders' profiles as they are now (decision 008).
        sql`(${param('womenOnly', 'boolean')} = false or (select u.gender from users u where u.id = ${rideRequests.riderId}) = 'woman')`,
        sql`(${rideRequests.womenOnly} = false or (select u.gender from users u where u.id = ${riderId}) = 'woman')`,
        // Not already asked either way, nor my ask to their cab pending or declined…
        sql`not exists (select 1 from ${matchRequests} where
          (${matchRequests.status} = 'Pending' and (
            (${matchRequests.fromRequestId} = ${mineId} and ${matchRequests.toRequestId} = ${rideRequests.id}) or
            (${matchRequests.toRequestId} = ${mineId} and ${matchRequests.fromRequestId} = ${rideRequests.id}))) or
          ((${matchRequests.status} = 'Pending' or (${matchRequests.status} = 'Declined' and ${matchRequests.answeredBy} is not null)) and
            ${matchRequests.fromRequestId} = ${mineId} and ${matchRequests.toMatchId} = ${rideRequests.currentMatchId}))`,
        // …and not kept apart from mine by a decline or a shared ride cancelled (issue 9).
        sql`not ${isKeptApart(mineId, rideRequests.id)}`,
        onlyWhen,
      ),
    )
    .orderBy(sql`${approxScore} desc`)
    .limit(CANDIDATE_ROWS);
}

/**
 * The candidates statement: the first sieve's best rows, and the wider sieve's where demand is
 * thin (the first kept fewer rows than it may; elsewhere the planner's one-time filter leaves
 * that half unread), then each kept row's ride, rider with trust signals and, for a rider of a
 * match, its cab's riders. Joined after the ranking, so these are read for the few rows kept,
 * not for every row a sieve passes (issue 7).
 */
function candidateStatement(db: Db) {
  const near = db.$with('near_ranked').as(rankedSieve(db, 'near'));
  const ranked = unionAll(
    db.select().from(near),
    rankedSieve(db, 'wide', sql`(select count(*) from ${near}) < ${CANDIDATE_ROWS}`),
  ).as('ranked');
  return db
    .with(near)
    .select({
      request: rideRequests,
      rider: riderColumns,
      wide: ranked.wide,
      cab: sql<
        Parameters<typeof cabMembersFromJson>[0]
      >`case when ${rideRequests.status} = 'Matched'
        then ${cabMembersJson(rideRequests.currentMatchId, { riderId: param('riderId', 'uuid'), rideId: param('mineId', 'uuid') })} end`,
    })
    .from(ranked)
    .innerJoin(rideRequests, eq(rideRequests.id, ranked.id))
    .innerJoin(users, eq(users.id, rideRequests.riderId))
    .orderBy(ranked.wide, sql`${ranked.score} desc`)
    .prepare('potential_match_candidates');
}

/**
 * The two statements behind GET potential-matches-and-requests (issue 7), built and prepared once
 * per database: (1) my request with its pending match requests and their other side, (2) the
 * candidates with their riders. Every value is a parameter, so the plan is reused.
 */
function buildStatements(db: Db) {
  const other = alias(rideRequests, 'other');
  const ownWithPending = db
    .select({
      mine: rideRequests,
      pending: {
        id: matchRequests.id,
        fromRequestId: matchRequests.fromRequestId,
        toMatchId: matchRequests.toMatchId,
        status: matchRequests.status,
        respondedAt: matchRequests.respondedAt,
        matchPercentage: matchRequests.matchPercentage,
        distance: matchRequests.distance,
      },
      other,
      rider: riderColumns,
      // What deciding on an ask to join a cab needs, here rather than in statements of their own:
      // the cab's riders as they are now, and my gender (women-only).
      joinCab: sql<
        Parameters<typeof cabMembersFromJson>[0]
      >`case when ${matchRequests.status} = 'Pending'
        then ${cabMembersJson(matchRequests.toMatchId, { riderId: rideRequests.riderId, rideId: rideRequests.id })} end`,
      myGender: sql<Gender | null>`(select u.gender from users u where u.id = ${rideRequests.riderId})`,
      // The other rider may have been hidden since the request was sent: ratings fallen
      // (decision 008) or reports come (decision 009).
      otherHidden: sql<boolean | null>`case when ${matchRequests.status} = 'Pending'
        then ${isHiddenRider(other.riderId)} end`,
    })
    .from(rideRequests)
    .leftJoin(
      matchRequests,
      // Pending ones both ways, and riders' declines of mine, which its sender sees (issue 9); a
      // request closed by itself (the ride matched elsewhere, a block) is not shown.
      or(
        and(
          eq(matchRequests.status, 'Pending'),
          or(
            eq(matchRequests.fromRequestId, rideRequests.id),
            eq(matchRequests.toRequestId, rideRequests.id),
          ),
        ),
        and(
          eq(matchRequests.status, 'Declined'),
          isNotNull(matchRequests.answeredBy),
          eq(matchRequests.fromRequestId, rideRequests.id),
          // A block since ends what either sees of the other.
          sql`not ${isBlockedPair(matchRequests.fromUserId, matchRequests.toUserId)}`,
        ),
      ),
    )
    .leftJoin(
      other,
      eq(
        other.id,
        sql`case when ${matchRequests.fromRequestId} = ${rideRequests.id} then ${matchRequests.toRequestId} else ${matchRequests.fromRequestId} end`,
      ),
    )
    .leftJoin(users, eq(users.id, other.riderId))
    .where(eq(rideRequests.id, sql.placeholder('id')))
    .orderBy(matchRequests.createdAt)
    .prepare('own_request_with_pending');

  return { ownWithPending, candidates: candidateStatement(db) };
}

const statements = new WeakMap<Db, ReturnType<typeof buildStatements>>();
const statementsFor = (db: Db) => {
  let built = statements.get(db);
  if (!built) {
    built = buildStatements(db);
    statements.set(db, built);
  }
  return built;
};

export type MatchesAndRequests = {
  potentialMatches: PotentialMatch[];
  incomingMatches: MatchRequest[];
  outgoingMatches: MatchRequest[];
};

/**
 * GET potential-matches-and-requests: my request with its pending match requests (and the cabs I
 * asked to join), then (while my request is open) the candidates: two prepared statements in
 * every case, thin demand and cabs included. 404 / 403 as findOwnRequest.
 */
export async function findMatchesAndRequests(
  ctx: ServiceContext,
  requestId: string,
  userId: string,
): Promise<MatchesAndRequests> {
  const now = ctx.now();
  const { ownWithPending } = statementsFor(ctx.db);
  const rows = await ownWithPending.execute({ id: requestId });
  const mine = ownOrThrow(rows[0]?.mine, userId);
  if (mine.status !== 'Active' || mine.timeOfTravel <= now) {
    return { potentialMatches: [], incomingMatches: [], outgoingMatches: [] };
  }
  const myGender = rows[0]!.myGender;
  // A request whose other side has since expired or gone cannot be acted on: left out.
  const pending = rows.flatMap(({ pending, other, rider, joinCab, otherHidden }) => {
    if (!pending || !other || !rider) return [];
    const base = {
      _id: pending.id,
      requestId: withoutEmail(toRideRequestView(other, withTrust(rider), now)),
      status: pending.status,
      matchPercentage: pending.matchPercentage,
      distance: pending.distance,
    };
    // A decline stays on the sender's list, as it was; nothing to act on (issue 9). Once the ride
    // it was sent to is written again (edited, matched elsewhere, cancelled), it goes: the sender
    // is not shown the new plans of a rider who declined them.
    if (pending.status === 'Declined') {
      const isAsWhenDeclined = !pending.respondedAt || other.updatedAt <= pending.respondedAt;
      return isAsWhenDeclined ? [{ incoming: false, view: base }] : [];
    }
    if (pending.toMatchId) {
      const members = cabMembersFromJson(joinCab);
      const admission = admitToCab(ctx, members, mine, myGender);
      if (!('fit' in admission)) return [];
      const view: MatchRequest = {
        ...base,
        ...figuresFor(admission.fit, mine.id),
        cab: cabView(pending.toMatchId, members, now, other.id),
      };
      return [{ incoming: false, view }];
    }
    if (effectiveStatus(other, now) !== 'Active') return [];
    if (otherHidden) return [];
    // Nor one that no longer fits (a ride edited, a plan whose first pickup is due): its accept
    // would be refused, as an ask to join a cab that no longer fits is not shown either.
    const fit = fitPair(ctx, mine, other);
    if (!fit) return [];
    const view: MatchRequest = { ...base, ...figuresFor(fit, mine.id) };
    return [{ incoming: pending.fromRequestId !== mine.id, view }];
  });
  return {
    potentialMatches: await findPotentialMatches(ctx, mine, myGender),
    incomingMatches: pending.filter((p) => p.incoming).map((p) => p.view),
    outgoingMatches: pending.filter((p) => !p.incoming).map((p) => p.view),
  };
}

/** Rows each search returns at most: the best by the SQL proxy, fitted exactly here. */
const CANDIDATE_ROWS = RIDE_LIMITS.maxPotentialMatches * 3;

/** Fewer riders than this fitting from the first search: demand is thin, the wider one is used. */
const THIN_DEMAND_FITS = 5;

/** A search's cells, window, box and distance around `mine`, as the statement's parameters. */
function sieveParams(
  ctx: ServiceContext,
  mine: RideRequestRow,
  sieve: { distanceKm: number; pickupWindowMinutes: number },
) {
  const now = ctx.now();
  // From the airport the times are kerb times, so they can differ by the wait at most; to the
  // airport the second pickup comes a drive later, which the window leaves room for.
  const windowMs =
    (mine.direction === 'drop' ? ctx.config.MATCH_MAX_WAIT_MINUTES : sieve.pickupWindowMinutes) *
    60_000;
  const maxMetres = sieve.distanceKm * 1000;
  const dLat = maxMetres / 111_000;
  const dLng = maxMetres / (111_000 * Math.cos((mine.placeLatitude * Math.PI) / 180));
  const from = new Date(Math.max(mine.timeOfTravel.getTime() - windowMs, now.getTime() + 1));
  const box = {
    latMin: mine.placeLatitude - dLat,
    latMax: mine.placeLatitude + dLat,
    lngMin: mine.placeLongitude - dLng,
    lngMax: mine.placeLongitude + dLng,
  };
  return {
    cells: gridCellsCovering(box),
    from: from.toISOString(),
    to: new Date(mine.timeOfTravel.getTime() + windowMs).toISOString(),
    ...box,
    maxMetres,
    // The proxy's time factor over the same window as this search (15 minutes from the airport).
    windowMinutes: windowMs / 60_000,
  };
}

/** Both searches around `mine` in one statement: the first sieve, and the wider where thin. */
async function searchCandidates(ctx: ServiceContext, mine: RideRequestRow) {
  const { config } = ctx;
  const circuity = config.ROAD_CIRCUITY_FACTOR;
  const near = sieveParams(ctx, mine, {
    distanceKm: config.MATCH_MAX_DISTANCE_KM,
    pickupWindowMinutes: config.MATCH_WINDOW_MINUTES,
  });
  const wide = sieveParams(ctx, mine, {
    distanceKm: config.MATCH_THIN_DISTANCE_KM,
    pickupWindowMinutes: config.MATCH_THIN_WINDOW_MINUTES,
  });
  return statementsFor(ctx.db).candidates.execute({
    ...near,
    ...Object.fromEntries(Object.entries(wide).map(([key, value]) => [`wide_${key}`, value])),
    mineId: mine.id,
    riderId: mine.riderId,
    direction: mine.direction,
    lat: mine.placeLatitude,
    lng: mine.placeLongitude,
    circuity,
    terminal: mine.terminal,
    terminalHop: TERMINAL_HOP_METRES * circuity,
    roadMetres: mine.roadMetres,
    timeMs: mine.timeOfTravel.getTime(),
    womenOnly: mine.womenOnly,
    seats: mine.seats,
    bags: mine.bags,
  });
}

type CandidateRow = Awaited<ReturnType<typeof searchCandidates>>[number];

/**
 * Other riders' Active requests in the same direction, within the time window and distance, not
 * already linked to `mine` by a pending match request nor kept apart from it (a decline, a ride
 * together cancelled), not blocked, hidden or excluded by the
 * rating and women-only rules, and fitting one cab within each rider's limits (cab-fit, issue 10);
 * best matchPercentage first. The grid cells around the place narrow the rows (decision 010); the
 * box and the exact distance trim them; SQL ranks by a proxy and the best few are fitted here.
 */
async function findPotentialMatches(
  ctx: ServiceContext,
  mine: RideRequestRow,
  myGender: Gender | null,
): Promise<PotentialMatch[]> {
  const now = ctx.now();
  const rows = await searchCandidates(ctx, mine);
  const near = rows.filter((row) => !row.wide);
  const wide = rows.filter((row) => row.wide);
  // Where demand is thin (the first sieve was not full and few riders fit), the wider search's
  // rows are used: far pairs on one corridor, pickups a long drive apart (issue 10,
  // docs/matching.md). It holds the first sieve's rows too.
  const thin =
    wide.length > 0 &&
    near.length < CANDIDATE_ROWS &&
    near.filter((row) => fitPair(ctx, mine, row.request)).length < THIN_DEMAND_FITS;
  const candidates = thin ? wide : near;

  const open = candidates.filter((row) => row.request.status === 'Active');
  const pairs = open.flatMap((row) => {
    const fit = fitPair(ctx, mine, row.request);
    if (!fit) return [];
    const card: PotentialMatch = {
      ...withoutEmail(toRideRequestView(row.request, withTrust(row.rider), now)),
      matchPercentage: fit.matchPercentage,
      distance: metresBetween(mine, row.request),
      ...figuresFor(fit, mine.id),
    };
    return [card];
  });
  return [...pairs, ...cabCandidates(ctx, mine, myGender, candidates)]
    .sort((a, b) => b.matchPercentage - a.matchPercentage || a.distance - b.distance)
    .slice(0, RIDE_LIMITS.maxPotentialMatches);
}

/**
 * Cabs with room among the candidates (riders of Active matches): one card per cab, led by its
 * rider nearest to mine, when every rider in the enlarged cab stays within the limits (issue 10).
 * Each such row carries its cab's riders.
 */
function cabCandidates(
  ctx: ServiceContext,
  mine: RideRequestRow,
  myGender: Gender | null,
  candidates: CandidateRow[],
): PotentialMatch[] {
  const now = ctx.now();
  const nearest = new Map<string, CandidateRow>();
  for (const row of candidates) {
    const matchId = row.request.status === 'Matched' ? row.request.currentMatchId : null;
    const seen = matchId ? nearest.get(matchId) : undefined;
    if (matchId && (!seen || metresBetween(mine, row.request) < metresBetween(mine, seen.request)))
      nearest.set(matchId, row);
  }
  return [...nearest].flatMap(([matchId, lead]) => {
    const members = cabMembersFromJson(lead.cab);
    const admission = admitToCab(ctx, members, mine, myGender);
    if (!('fit' in admission)) return [];
    const card: PotentialMatch = {
      ...withoutEmail(toRideRequestView(lead.request, withTrust(lead.rider), now)),
      matchPercentage: admission.fit.matchPercentage,
      distance: metresBetween(mine, lead.request),
      ...figuresFor(admission.fit, mine.id),
      cab: cabView(matchId, members, now, lead.request.id),
    };
    return [card];
  });
}
