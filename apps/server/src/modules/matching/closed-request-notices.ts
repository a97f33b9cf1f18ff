import { inArray } from 'drizzle-orm';
import { PRODUCT_NAME } from '@aeropool/contract/product';
import { users } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';
import { shortName } from '../accounts/user-view';
import { notifyRider, staleAtTrip } from '../notifications/notification-service';
import { loadRideRequestViews } from '../rides/ride-request-view';
import { describeTrip, tripMail } from './match-mails';
import type { ClosedRequest } from './pending-lock';

/**
 * Why match requests closed without an answer: the ride they were sent to was changed,
 * cancelled, or went with its account (never said why: a suspension is not told to others); the
 * cab they asked to join ended, or set off before anyone in it answered; or the riders of `by`
 * now share a cab.
 */
export type ClosedBecause =
  | { why: 'changed' | 'cancelled' | 'gone' | 'cab-ended'; by: string }
  | { why: 'matched' | 'set-off'; by: string[] };

/** A request to one rider's ride (a cab's ends, or sets off, only for asks to join it). */
const pairReason = (why: ClosedBecause['why'], name: string) => {
  if (why === 'changed') return `${name} changed their trip.`;
  if (why === 'cancelled') return `${name} cancelled their trip.`;
  if (why === 'matched') return `${name} is now sharing a cab.`;
  return 'Their ride is no longer available.';
};

const CAB_CLOSED = 'Your request to join a cab was closed';
/** An ask to join a cab: the cab is what changed, whoever's card it was sent from. */
const cabTexts = (why: ClosedBecause['why']) => {
  if (why === 'set-off')
    return {
      title: 'The cab you asked to join has left',
      reason: 'It set off before anyone in it answered.',
    };
  if (why === 'matched') return { title: CAB_CLOSED, reason: 'The cab is full.' };
  return { title: CAB_CLOSED, reason: 'The cab no longer takes riders.' };
};

/**
 * The riders who sent these requests and were waiting for an answer learn that none will come,
 * and why (a bell item, a push, a mail if they want declines by mail): the request had only
 * vanished from their list, on tabs open at the time. A sender who closed it themselves (their
 * own edit, or a match of their own) is not told.
 */
export async function tellSendersOfClosedRequests(
  ctx: ServiceContext,
  closed: ClosedRequest[],
  because: ClosedBecause,
) {
  // After the commit, as the last word of the action: telling must not fail what was done.
  try {
    const actors = typeof because.by === 'string' ? [because.by] : because.by;
    const waiting = closed.filter((request) => !actors.includes(request.fromUserId));
    if (waiting.length === 0) return;
    const now = ctx.now();
    const [senders, names] = await Promise.all([
      loadRideRequestViews(
        ctx.db,
        waiting.map((request) => request.fromRequestId),
        now,
      ),
      ctx.db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(
          inArray(
            users.id,
            waiting.map((request) => request.toUserId),
          ),
        ),
    ]);
    for (const request of waiting) {
      const sender = senders.get(request.fromRequestId);
      // A sender whose own ride has gone since has nothing to wait for.
      if (!sender || sender.status !== 'Active') continue;
      const other = names.find((user) => user.id === request.toUserId);
      const name = other ? shortName(other) : 'The other rider';
      const { title, reason } =
        request.toMatchId !== null
          ? cabTexts(because.why)
          : {
              title: `Your match request to ${name} was closed`,
              reason: pairReason(because.why, name),
            };
      const rest = 'Other riders may still fit your trip';
      await notifyRider(ctx, {
        userId: request.fromUserId,
        from: request.toUserId,
        kind: 'match-declined',
        title,
        body: `${reason} ${rest}. ${describeTrip(sender)}.`,
        link: '/dashboard',
        dedupeKey: `request-closed:${request.id}`,
        push: staleAtTrip(sender),
        mail: tripMail(
          sender.rider.email,
          `${PRODUCT_NAME}: ${title.charAt(0).toLowerCase()}${title.slice(1)}`,
          [
            `Hi ${sender.rider.firstName},`,
            `${reason} ${rest}: see Potential Matches in My Trips.`,
            `Your trip: ${describeTrip(sender)}.`,
          ],
          ctx.config.PUBLIC_URL && `${ctx.config.PUBLIC_URL}/dashboard`,
        ),
      });
    }
  } catch (error) {
    ctx.log.error({ err: error }, 'closed match requests not told');
  }
}
