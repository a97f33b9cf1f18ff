import { and, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { matchMembers, matchRequests, notifications } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** The match request, locked and still Pending, or a 409: two answers to it queue here. */
export async function lockStillPending(tx: DbOrTx, id: string) {
  const [current] = await tx
    .select()
    .from(matchRequests)
    .where(eq(matchRequests.id, id))
    .for('update');
  if (current?.status !== 'Pending')
    throw new AppError('CONFLICT', 'This match request is no longer pending.');
  return current;
}

/** What a closed match request tells about who saw it. */
export type ClosedRequest = {
  id: string;
  fromUserId: string;
  fromRequestId: string;
  toUserId: string;
  toMatchId: string | null;
};

/** Requests that closed, and the riders whose open tabs refresh for them. */
export type Closing = { riders: string[]; closed: ClosedRequest[] };

/** The columns of `ClosedRequest`, for an update's `returning`. */
export const closedRequestColumns = {
  id: matchRequests.id,
  fromUserId: matchRequests.fromUserId,
  fromRequestId: matchRequests.fromRequestId,
  toUserId: matchRequests.toUserId,
  toMatchId: matchRequests.toMatchId,
};

/**
 * The riders to tell that these match requests closed: both sides of each, and for an ask to join
 * a cab every rider in the cab, since each saw the ask on their match card. Their bells stop
 * counting the closed requests' "new match request" notices (read): a request withdrawn, or closed
 * by a match elsewhere, is no longer on My Trips to answer. A request `answeredBy` a rider stays
 * as that rider left it; the other riders of its cab did not answer it and read it as closed.
 */
export async function ridersToTell(
  tx: DbOrTx,
  closed: ClosedRequest[],
  now: Date,
  answeredBy?: string,
): Promise<string[]> {
  const cabs = [...new Set(closed.flatMap((c) => (c.toMatchId ? [c.toMatchId] : [])))];
  const inCabs =
    cabs.length === 0
      ? []
      : await tx
          .select({ userId: matchMembers.userId })
          .from(matchMembers)
          .where(inArray(matchMembers.matchId, cabs));
  const riders = [
    ...new Set([
      ...closed.flatMap((c) => [c.fromUserId, c.toUserId]),
      ...inCabs.map((r) => r.userId),
    ]),
  ];
  if (closed.length > 0)
    await tx
      .update(notifications)
      .set({ readAt: now })
      .where(
        and(
          inArray(
            notifications.userId,
            riders.filter((rider) => rider !== answeredBy),
          ),
          inArray(
            notifications.dedupeKey,
            closed.map((c) => `match-request:${c.id}`),
          ),
          isNull(notifications.readAt),
        ),
      );
  return riders;
}

/**
 * A rider accepted `pendingId`: it is Accepted, and every other pending request of these rides
 * (and `alsoClosing`, e.g. asks to a cab now full) closes by itself (Declined, no `answeredBy`).
 * Returns what closed by itself, and the riders on both sides of it and of the accepted one.
 */
export async function acceptClosingOthers(
  tx: DbOrTx,
  input: { pendingId: string; userId: string; rideIds: string[]; alsoClosing?: SQL; now: Date },
): Promise<Closing> {
  const { pendingId, userId, rideIds, alsoClosing, now } = input;
  const accepted = await tx
    .update(matchRequests)
    .set({ status: 'Accepted', respondedAt: now, answeredBy: userId })
    .where(eq(matchRequests.id, pendingId))
    .returning(closedRequestColumns);
  const closed = await tx
    .update(matchRequests)
    .set({ status: 'Declined', respondedAt: now })
    .where(
      and(
        eq(matchRequests.status, 'Pending'),
        ne(matchRequests.id, pendingId),
        or(
          inArray(matchRequests.fromRequestId, rideIds),
          inArray(matchRequests.toRequestId, rideIds),
          alsoClosing,
        ),
      ),
    )
    .returning(closedRequestColumns);
  const told = await ridersToTell(tx, closed, now);
  // An ask to a cab that one rider accepted: the others' notices of it are read. (A pair's
  // request has one notice, the accepter's, which stays as they left it.)
  if (!accepted[0]?.toMatchId) return { riders: told, closed };
  return {
    riders: [...new Set([...told, ...(await ridersToTell(tx, accepted, now, userId))])],
    closed,
  };
}
