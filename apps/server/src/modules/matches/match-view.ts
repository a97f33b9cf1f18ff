import { and, eq, inArray, not, sql } from 'drizzle-orm';
import type { Match, MatchRequest, RideRequest } from '@aeropool/contract/rides';
import type { DbOrTx } from '../../db/database';
import { matchMembers, matchRequests, matches, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';
import { loadRideRequests, withoutEmail, type RideRequestRow } from '../rides/ride-request-view';
import { figuresFor, fitFormedCab, fitRows, formedAtOf, metresBetween } from '../matching/ride-fit';
import { hasSetOff } from '../matching/cab-members';
import { isHiddenRider } from '../matching/rating-rule';
import { isBlockedPair } from '../safety/block-rule';

/**
 * A co-rider's phone is for reaching each other around the trip (the kerb, a bag left in the cab),
 * not for good: a match stays Active on the Past tab until it is completed, which may be never.
 */
const PHONE_HOURS_AFTER_TRIP = 24;

/** The rider the views are for: their saving and order in each cab, and asks to join theirs. */
export type MatchViewer = { userId: string; config: ServiceContext['config'] };

/**
 * Matches by id with every member's ride request (and rider names), in four queries (the fourth
 * reads the riders' phones and whether each may still be reached).
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
  const [requests, contacts] = await Promise.all([
    loadRideRequests(
      db,
      [...members.map((m) => m.rideRequestId), ...asks.map((a) => a.fromRequestId)],
      now,
    ),
    contactsOf(db, [...new Set(members.map((m) => m.userId))], viewer?.userId),
  ]);
  const activeIds = new Set(rows.filter((m) => m.status === 'Active').map((m) => m.id));
  const phoneIds = new Set(
    [...activeIds].filter((matchId) => {
      const times = members
        .filter((m) => m.matchId === matchId)
        .map((m) => requests.get(m.rideRequestId)!.row.timeOfTravel.getTime());
      return now.getTime() < Math.max(...times) + PHONE_HOURS_AFTER_TRIP * 3_600_000;
    }),
  );
  const memberView = (matchId: string, request: RideRequest): RideRequest => {
    const contact = contacts.get(request.rider._id);
    // A co-rider who blocked the viewer or was blocked, or whose account has closed, is no longer
    // reachable through the trip card: the match stays on the Past tab, their address and number
    // do not (decisions 007, 009).
    if (!contact?.isReachable) return withoutEmail(request);
    // Co-riders may need to call each other at the kerb: phones only while the match is Active,
    // until a day after its last rider's time.
    const phone = phoneIds.has(matchId) ? contact.phone : null;
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
        requests: own.flatMap(({ rideRequestId }) => {
          const { row, view: request } = requests.get(rideRequestId)!;
          if (viewer && hasMovedOnFrom(match.id, row, viewer.userId, contacts)) return [];
          return !viewer || mine ? memberView(match.id, request) : withoutEmail(request);
        }),
      };
      if (!viewer || !mine) return [match.id, view];
      const cab = own.map((m) => requests.get(m.rideRequestId)!.row);
      const canceller = cancelledAfterTripBy(
        match,
        Math.max(...cab.map((row) => row.timeOfTravel.getTime())),
      );
      if (canceller) view.cancelledAfterTripBy = canceller;
      const formedAt = formedAtOf(match.createdAt, own);
      // Figures for a cab still riding: an ended match's rides may have moved on since.
      const fit = activeIds.has(match.id) ? fitFormedCab(viewer, cab, formedAt) : null;
      const joinRequests = activeIds.has(match.id)
        ? asks
            .filter((a) => a.toMatchId === match.id)
            .flatMap((ask) =>
              askView(
                viewer,
                ask,
                { rows: cab, formedAt },
                requests.get(ask.fromRequestId),
                mine,
                now,
              ),
            )
        : [];
      return [
        match.id,
        { ...view, ...(fit ? figuresFor(fit, mine.rideRequestId) : {}), joinRequests },
      ];
    }),
  );
}

/**
 * A co-rider the viewer may no longer reach (a block either way, an account closed) whose ride has
 * left this match (reopened, edited, matched again): their ride is theirs alone now. Shown on the
 * old match it would let a blocked rider follow the blocker's new place and time; it is left out.
 * A ride still this match's (the trip is over) stays, for the card, the rating and the report.
 */
const hasMovedOnFrom = (
  matchId: string,
  ride: RideRequestRow,
  viewerId: string,
  contacts: Map<string, { isReachable: boolean }>,
) =>
  ride.riderId !== viewerId &&
  !contacts.get(ride.riderId)?.isReachable &&
  ride.currentMatchId !== matchId;

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
  { rows: cab, formedAt }: { rows: RideRequestRow[]; formedAt: Date },
  joiner: { row: RideRequestRow; view: RideRequest } | undefined,
  mine: { rideRequestId: string },
  now: Date,
): MatchRequest[] {
  if (!joiner || joiner.row.status !== 'Active' || joiner.row.timeOfTravel <= now) return [];
  // A cab that has set off takes nobody: an accept would be refused.
  if (hasSetOff(viewer, cab, now, formedAt)) return [];
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

/**
 * The rider who cancelled `match` once its trip was over (`tripEndMs`, its last rider's time),
 * if one did: the trip may have happened, so the others may still rate them (rateCoPassenger).
 */
export const cancelledAfterTripBy = (
  match: Pick<typeof matches.$inferSelect, 'status' | 'cancelledBy' | 'updatedAt'>,
  tripEndMs: number,
): string | undefined =>
  match.status === 'Cancelled' && match.cancelledBy && match.updatedAt.getTime() >= tripEndMs
    ? match.cancelledBy
    : undefined;

/**
 * Whether the row's rider may still be reached by (or named to those of) `viewerId`: not once
 * either blocked the other, nor once the rider's account is closed (deactivated or suspended).
 */
export const isReachableBy = (viewerId: string) =>
  sql<boolean>`${users.isActive} and ${users.suspendedAt} is null
    and not ${isBlockedPair(users.id, sql`${viewerId}::uuid`)}`;

/**
 * Each rider's phone, and whether the viewer may still reach them (isReachableBy). The viewer's
 * own row is always reachable, and so is every row without a viewer (the server's own mails).
 */
const contactsOf = async (db: DbOrTx, userIds: string[], viewerId?: string) => {
  const rows = await db
    .select({
      id: users.id,
      phone: users.phone,
      isReachable: viewerId ? isReachableBy(viewerId) : sql<boolean>`true`,
    })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(
    rows.map((row) => [
      row.id,
      { phone: row.phone, isReachable: row.id === viewerId || row.isReachable },
    ]),
  );
};

export const membersOf = (db: DbOrTx, matchId: string) =>
  db.select().from(matchMembers).where(eq(matchMembers.matchId, matchId));
