import { eq, inArray } from 'drizzle-orm';
import type { Match } from '@aeropool/contract/rides';
import type { DbOrTx } from '../../db/database';
import { matchMembers, matches } from '../../db/schema';
import { loadRideRequestViews } from '../rides/ride-request-view';

/** Matches by id with every member's ride request (and rider names), in three queries. */
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
  const requests = await loadRideRequestViews(
    db,
    members.map((m) => m.rideRequestId),
    now,
  );
  return new Map(
    rows.map((match) => [
      match.id,
      {
        _id: match.id,
        status: match.status,
        requests: members
          .filter((m) => m.matchId === match.id)
          .map((m) => requests.get(m.rideRequestId)!),
      },
    ]),
  );
}

export const membersOf = (db: DbOrTx, matchId: string) =>
  db.select().from(matchMembers).where(eq(matchMembers.matchId, matchId));
