import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { matchMembers, matches, matchRequests, rideRequests } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';
import { lockMatch } from '../matches/match-service';
import { hasSetOff } from './cab-members';
import { formedAtOf } from './ride-fit';
import { tellSendersOfClosedRequests } from './closed-request-notices';
import { closedRequestColumns, ridersToTell, type ClosedRequest } from './pending-lock';

/**
 * A cab's first pickup is planned at most this long before its earliest rider's time (the shift
 * that evens the riders' misfits stays within the 15-minute wait), so a cab whose earliest time is
 * further ahead cannot have set off: a generous bound, to read only cabs near their time.
 */
const SET_OFF_LOOKAHEAD_MS = 2 * 60 * 60_000;

/**
 * Asks to join a cab that has set off can no longer be accepted (admitToCab refuses them) and
 * were hidden from both sides while they stayed Pending: the asker was never told. They close as
 * Cancelled, as when the cab ends, and the asker is told to look for another ride. Each cab's
 * check runs under its match lock, so a join, a leave or an accept decides first or after, never
 * between. Safe to run anywhere, any number of times. Returns the asks closed.
 */
export async function closeAsksToSetOffCabs(ctx: ServiceContext): Promise<number> {
  const now = ctx.now();
  const cabs = await ctx.db
    .selectDistinct({ matchId: matchRequests.toMatchId })
    .from(matchRequests)
    .innerJoin(matches, eq(matches.id, matchRequests.toMatchId))
    .where(
      and(
        eq(matchRequests.status, 'Pending'),
        isNotNull(matchRequests.toMatchId),
        eq(matches.status, 'Active'),
        sql`(select min(r.time_of_travel) from ${matchMembers} m
          join ${rideRequests} r on r.id = m.ride_request_id
          where m.match_id = ${matches.id}) <= ${new Date(now.getTime() + SET_OFF_LOOKAHEAD_MS)}`,
      ),
    );
  let closedCount = 0;
  for (const { matchId } of cabs) {
    const closed = await ctx.db.transaction(async (tx) => {
      const match = await lockMatch(tx, matchId!);
      if (match?.status !== 'Active') return [];
      const rows = await tx
        .select({ row: rideRequests, joinedAt: matchMembers.joinedAt })
        .from(matchMembers)
        .innerJoin(rideRequests, eq(rideRequests.id, matchMembers.rideRequestId))
        .where(eq(matchMembers.matchId, matchId!));
      if (
        !hasSetOff(
          ctx,
          rows.map((r) => r.row),
          now,
          formedAtOf(match.createdAt, rows),
        )
      )
        return [];
      const asks = await tx
        .update(matchRequests)
        .set({ status: 'Cancelled', respondedAt: now })
        .where(and(eq(matchRequests.toMatchId, matchId!), eq(matchRequests.status, 'Pending')))
        .returning(closedRequestColumns);
      return asks;
    });
    if (closed.length === 0) continue;
    closedCount += closed.length;
    await tellOfClosedAsks(ctx, closed, now);
  }
  return closedCount;
}

/** Every open tab of both sides refreshes; the asker gets a notice (and a mail, if wanted). */
async function tellOfClosedAsks(ctx: ServiceContext, closed: ClosedRequest[], now: Date) {
  for (const rider of await ridersToTell(ctx.db, closed, now))
    ctx.notifyUser(rider, 'trips:changed', { reason: 'request-changed' });
  await tellSendersOfClosedRequests(ctx, closed, { why: 'set-off', by: [] });
}
