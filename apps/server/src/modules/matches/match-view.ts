import { and, eq, inArray, isNotNull, not } from 'drizzle-orm';
import type { Match, MatchRequest, RideRequest } from '@aeropool/contract/rides';
import type { DbOrTx } from '../../db/database';
import { matchMembers, matchRequests, matches, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';
import { loadRideRequests, withoutEmail, type RideRequestRow } from '../rides/ride-request-view';
import { figuresFor, fitFormedCab, fitRows, metresBetween } from '../matching/ride-fit';
import { hasSetOff } from '../matching/cab-members';
import { isHiddenRider } from '../matching/rating-rule';

/** The rider the views are for: their saving and order in each cab, and asks to join theirs. */
export type MatchViewer = { userId: string; config: ServiceContext['config'] };

/**
 * Matches by id with every member's ride request (and rider names), in three queries, four when
 * one is Active (its riders' phones).
 */
export async function loadMatchViews(
  db: DbOrTx,
  ids: string[],
  now: Date,
  viewer?: MatchViewer,
): Promise<Map<string, Match>> {
  if (ids.length === 0) return new Map();
  const [rows, members, asks] = await Promise.all([
    db.select().from(matches).where(inArray(matches.id, ids)),
    db.select().from(matchMembers).where(inArray(matchMembers.matchId, ids)),
    viewer ? pendingAsksTo(db, ids) : Promise.resolve([]),
  ]);
  const activeIds = new Set(rows.filter((m) => m.status === 'Active').map((m) => m.id));
  const activeRiders = [
    ...new Set(members.filter((m) => activeIds.has(m.matchId)).map((m) => m.userId)),
  ];
  const [requests, phones] = await Promise.all([
    loadRideRequests(
      db,
      [...members.map((m) => m.rideRequestId), ...asks.map((a) => a.fromRequestId)],
      now,
    ),
    phonesOf(db, activeRiders),
  ]);
  // Co-riders may need to call each other at the kerb: phones only while the match is Active.
  const withPhone = (matchId: string, request: RideRequest): RideRequest => {
    const phone = activeIds.has(matchId) ? phones.get(request.rider._id) : undefined;
    return phone ? { ...request, rider: { ...request.rider, phone } } : request;
  };
  return new Map(
    rows.map((match) => {
      const own = members.filter((m) => m.matchId === match.id);
      const mine = viewer && own.find((m) => m.userId === viewer.userId);
      // A rider who has left a cab of three sees it no more than a stranger would.
      const view: Match = {
        _id: match.id,
        status: match.status,
        requests: own.map(({ rideRequestId }) => {
          const request = requests.get(rideRequestId)!.view;
          return !viewer || mine ? withPhone(match.id, request) : withoutEmail(request);
        }),
      };
      if (!viewer || !mine) return [match.id, view];
      const cab = own.map((m) => requests.get(m.rideRequestId)!.row);
      const fit = fitFormedCab(viewer, cab);
      const joinRequests = activeIds.has(match.id)
        ? asks
            .filter((a) => a.toMatchId === match.id)
            .flatMap((ask) => askView(viewer, ask, cab, requests.get(ask.fromRequestId), mine, now))
        : [];
      return [
        match.id,
        { ...view, ...(fit ? figuresFor(fit, mine.rideRequestId) : {}), joinRequests },
      ];
    }),
  );
}

const pendingAsksTo = (db: DbOrTx, matchIds: string[]) =>
  db
    .select()
    .from(matchRequests)
    .where(
      and(
        inArray(matchRequests.toMatchId, matchIds),
        eq(matchRequests.status, 'Pending'),
        // An asker hidden since (ratings fallen, reports come) cannot be accepted (008, 009).
        not(isHiddenRider(matchRequests.fromUserId)),
      ),
    )
    .orderBy(matchRequests.createdAt);

/** An ask to join the viewer's cab, with their figures in the cab it would make; gone if none. */
function askView(
  viewer: MatchViewer,
  ask: typeof matchRequests.$inferSelect,
  cab: RideRequestRow[],
  joiner: { row: RideRequestRow; view: RideRequest } | undefined,
  mine: { rideRequestId: string },
  now: Date,
): MatchRequest[] {
  if (!joiner || joiner.row.status !== 'Active' || joiner.row.timeOfTravel <= now) return [];
  // A cab that has set off takes nobody: an accept would be refused.
  if (hasSetOff(viewer, cab, now)) return [];
  const fit = fitRows(viewer, [...cab, joiner.row], now);
  if (!fit) return [];
  const myRow = cab.find((r) => r.id === mine.rideRequestId)!;
  return [
    {
      _id: ask.id,
      requestId: withoutEmail(joiner.view),
      status: ask.status,
      // The number the ask was sent with, as the asker sees it and as a pair's request keeps
      // (decision 004); the figures below are the cab's as it is now.
      matchPercentage: ask.matchPercentage,
      distance: metresBetween(myRow, joiner.row),
      ...figuresFor(fit, mine.rideRequestId),
    },
  ];
}

const phonesOf = async (db: DbOrTx, userIds: string[]) => {
  if (userIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(and(inArray(users.id, userIds), isNotNull(users.phone)));
  return new Map(rows.map((row) => [row.id, row.phone!]));
};

export const membersOf = (db: DbOrTx, matchId: string) =>
  db.select().from(matchMembers).where(eq(matchMembers.matchId, matchId));
