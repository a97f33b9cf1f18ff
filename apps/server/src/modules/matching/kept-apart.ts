import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';

type Ride = AnyPgColumn | SQL;

/** `leaver` left a cab that `rider` is still in, having joined it before the leave. */
const leftCabOf = (leaver: Ride, rider: Ride) =>
  sql`exists (select 1 from cab_leavers ka_left
      join match_members ka_in on ka_in.match_id = ka_left.match_id
      where ka_left.ride_request_id = ${leaver} and ka_in.ride_request_id = ${rider}
        and (ka_in.joined_at is null or ka_in.joined_at < ka_left.left_at))`;

/** Both left one cab, their times in it overlapping. */
const bothLeftOneCab = (a: Ride, b: Ride) =>
  sql`exists (select 1 from cab_leavers ka_left_a
      join cab_leavers ka_left_b on ka_left_b.match_id = ka_left_a.match_id
      where ka_left_a.ride_request_id = ${a} and ka_left_b.ride_request_id = ${b}
        and (ka_left_a.joined_at is null or ka_left_a.joined_at < ka_left_b.left_at)
        and (ka_left_b.joined_at is null or ka_left_b.joined_at < ka_left_a.left_at))`;

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
    or ${leftCabOf(a, b)} or ${leftCabOf(b, a)} or ${bothLeftOneCab(a, b)})`;

export async function areKeptApart(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const result = await db.execute(
    sql`select ${isKeptApart(sql`${a}::uuid`, sql`${b}::uuid`)} as apart`,
  );
  const [row] = (result as unknown as { rows: { apart: boolean }[] }).rows;
  return row?.apart === true;
}
