import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';
import { holds } from '../../db/holds';

type Ride = AnyPgColumn | SQL;

/** A condition on a ride id column: this ride, or any ride of a rider. */
type RideIs = (column: SQL) => SQL;
const rideIs =
  (ride: Ride): RideIs =>
  (column) =>
    sql`${column} = ${ride}`;
const rideOfRider =
  (userId: string): RideIs =>
  (column) =>
    sql`${column} in (select ka_ride.id from ride_requests ka_ride
      where ka_ride.rider_id = ${userId}::uuid)`;

/** `leaver` left a cab that `rider` is still in, having joined it before the leave. */
const leftCabOf = (leaver: RideIs, rider: RideIs) =>
  sql`exists (select 1 from cab_leavers ka_left
      join match_members ka_in on ka_in.match_id = ka_left.match_id
      where ${leaver(sql.raw('ka_left.ride_request_id'))} and ${rider(sql.raw('ka_in.ride_request_id'))}
        and (ka_in.joined_at is null or ka_in.joined_at < ka_left.left_at))`;

/** Both left one cab, their times in it overlapping. */
const bothLeftOneCab = (a: RideIs, b: RideIs) =>
  sql`exists (select 1 from cab_leavers ka_left_a
      join cab_leavers ka_left_b on ka_left_b.match_id = ka_left_a.match_id
      where ${a(sql.raw('ka_left_a.ride_request_id'))} and ${b(sql.raw('ka_left_b.ride_request_id'))}
        and (ka_left_a.joined_at is null or ka_left_a.joined_at < ka_left_b.left_at)
        and (ka_left_b.joined_at is null or ka_left_b.joined_at < ka_left_a.left_at))`;

/** One of the two left a cab they shared (or both did): the match rows alone no longer say so. */
const leftSharedCab = (a: RideIs, b: RideIs) =>
  sql`(${leftCabOf(a, b)} or ${leftCabOf(b, a)} or ${bothLeftOneCab(a, b)})`;

/** Two riders rode in one cab that one or both of them then left (a report's "met", decision 009). */
export const leftCabTogether = (userA: string, userB: string): SQL<boolean> =>
  sql<boolean>`${leftSharedCab(rideOfRider(userA), rideOfRider(userB))}`;

/**
 * True when two ride requests are kept apart (decision 004, issue 9): a rider declined the other's
 * match request, the two rode in a match that was cancelled, or one left a cab the other rode on
 * in (issue 10). They are not offered to each other again, as a pair or in a cab, and neither can
 * ask the other again. A declined ask to join a cab keeps the asker from that cab
 * (potential-matches), not from the rider its card showed. The tables are aliased, as in
 * isBlockedPair, so a column passed in is never captured by the subqueries'.
 */
export const isKeptApart = (a: Ride, b: Ride): SQL<boolean> =>
  sql<boolean>`(exists (select 1 from match_requests ka_req where ka_req.status = 'Declined'
      and ka_req.answered_by is not null and ka_req.to_match_id is null and (
        (ka_req.from_request_id = ${a} and ka_req.to_request_id = ${b}) or
        (ka_req.from_request_id = ${b} and ka_req.to_request_id = ${a})))
    or exists (select 1 from match_members ka_a
      join match_members ka_b on ka_b.match_id = ka_a.match_id
      join matches ka_match on ka_match.id = ka_a.match_id and ka_match.status = 'Cancelled'
      where ka_a.ride_request_id = ${a} and ka_b.ride_request_id = ${b})
    or ${leftSharedCab(rideIs(a), rideIs(b))})`;

export const areKeptApart = (db: DbOrTx, a: string, b: string): Promise<boolean> =>
  holds(db, isKeptApart(sql`${a}::uuid`, sql`${b}::uuid`));
