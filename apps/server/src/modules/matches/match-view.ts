import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Match, RideRequest } from '@aeropool/contract/rides';
import type { DbOrTx } from '../../db/database';
import { matchMembers, matches, users } from '../../db/schema';
import { loadRideRequestViews } from '../rides/ride-request-view';

/**
 * Matches by id with every member's ride request (and rider names), in three queries, four when
 * one is Active (its riders' phones).
 */
export async function loadMatchViews(
  db: DbOrTx,
  ids: string[],
  now: Date,
): Promise<Map<string, Match>> {
  if (ids.length === 0) return new Map();
  const [rows, members] = await Promise.all([
    db.select().from(matches).where(inArray(matches.id, ids)),
    db.select().from(matchMembers).where(inArray(matchMembers.matchId, ids)),
  ]);
  const activeIds = new Set(rows.filter((m) => m.status === 'Active').map((m) => m.id));
  const activeRiders = [
    ...new Set(members.filter((m) => activeIds.has(m.matchId)).map((m) => m.userId)),
  ];
  const [requests, phones] = await Promise.all([
    loadRideRequestViews(
      db,
      members.map((m) => m.rideRequestId),
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
    rows.map((match) => [
      match.id,
      {
        _id: match.id,
        status: match.status,
        requests: members
          .filter((m) => m.matchId === match.id)
          .map((m) => withPhone(match.id, requests.get(m.rideRequestId)!)),
      },
    ]),
  );
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
