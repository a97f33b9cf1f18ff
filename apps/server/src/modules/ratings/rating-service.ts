import { and, avg, eq, inArray } from 'drizzle-orm';
import type { Rating } from '@aeropool/contract/rides';
import { RATING_CHANGE_HOURS } from '@aeropool/contract/limits';
import type { DbOrTx } from '../../db/database';
import { ratings, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { lockMatch, requireMembership, tripEndOf } from '../matches/match-service';
import { cancelledAfterTripBy } from '../matches/match-view';

type RatingRow = typeof ratings.$inferSelect;

const toView = (row: RatingRow): Rating => ({
  _id: row.id,
  raterUserId: row.raterId,
  ratedUserId: row.ratedId,
  matchId: row.matchId,
  rating: row.rating,
});

/**
 * One rating per rater, rated rider and match; rating again within RATING_CHANGE_HOURS updates
 * it (decision 004), so a mis-tap can be corrected. Only co-passengers of a match that was not
 * cancelled, after the trip.
 */
export async function rateCoPassenger(
  ctx: ServiceContext,
  raterId: string,
  input: { ratedUserId: string; matchId: string; rating: number },
) {
  const now = ctx.now();
  if (input.ratedUserId === raterId) throw new AppError('BAD_REQUEST', 'You cannot rate yourself.');
  // Under the match's lock, as a cancel or a leave takes it: a rating never lands on a match
  // cancelled, or on a rider who left the cab, while it was being checked. The two riders' rows
  // first, in id order, as the rating's keys take them anyway (key share): taken after the match,
  // they would come in the other order from a path that locks a rider and then the match.
  return ctx.db.transaction(async (tx) => {
    await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [raterId, input.ratedUserId]))
      .orderBy(users.id)
      .for('key share');
    await lockMatch(tx, input.matchId);
    const { match, members } = await requireMembership({ db: tx }, input.matchId, raterId);
    if (!members.some((m) => m.userId === input.ratedUserId))
      throw new AppError('BAD_REQUEST', 'You can only rate your co-passengers.');
    const tripEnd = await tripEndOf(tx, members);
    // Cancelled after its time, the trip may have happened: its canceller is still rated by the
    // others (they gave up the ratings they gave, decision 004), or a cancel would shield them.
    if (match.status === 'Cancelled' && cancelledAfterTripBy(match, tripEnd) !== input.ratedUserId)
      throw new AppError('CONFLICT', 'This match was cancelled, so there is nothing to rate.');
    if (tripEnd > now.getTime())
      throw new AppError('CONFLICT', 'You can rate your co-passenger after the trip.');

    const [existing] = await tx
      .select({ id: ratings.id, createdAt: ratings.createdAt })
      .from(ratings)
      .where(
        and(
          eq(ratings.raterId, raterId),
          eq(ratings.ratedId, input.ratedUserId),
          eq(ratings.matchId, input.matchId),
        ),
      );
    if (existing && now.getTime() - existing.createdAt.getTime() > RATING_CHANGE_HOURS * 3_600_000)
      throw new AppError(
        'CONFLICT',
        `A rating can be changed only within ${RATING_CHANGE_HOURS} hours of giving it.`,
      );
    const [row] = await tx
      .insert(ratings)
      .values({
        raterId,
        ratedId: input.ratedUserId,
        matchId: input.matchId,
        rating: input.rating,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [ratings.raterId, ratings.ratedId, ratings.matchId],
        set: { rating: input.rating, updatedAt: now },
      })
      .returning();
    return { rating: toView(row!), created: !existing };
  });
}

export async function ratingDetails(
  ctx: ServiceContext,
  viewerId: string,
  input: { raterUserId: string; ratedUserId: string; matchId: string },
) {
  await requireMembership(ctx, input.matchId, viewerId);
  // Riders see their own ratings only: who gave a co-rider (or oneself) one star stays private,
  // as the averages on cards intend, so a low rating invites no retaliation.
  if (input.raterUserId !== viewerId) {
    throw new AppError('FORBIDDEN', 'You can see only the ratings you gave.');
  }
  const rows = await ctx.db
    .select()
    .from(ratings)
    .where(
      and(
        eq(ratings.raterId, input.raterUserId),
        eq(ratings.ratedId, input.ratedUserId),
        eq(ratings.matchId, input.matchId),
      ),
    );
  return rows.map(toView);
}

/** A rider's average received rating, one decimal; 0 before any. */
export async function averageRatingOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: avg(ratings.rating) })
    .from(ratings)
    .where(eq(ratings.ratedId, userId));
  return row?.value ? Math.round(Number(row.value) * 10) / 10 : 0;
}

/** Every rating this rider gave on these matches, by match (My Trips' Past tab, one query). */
export async function ratingsGivenOn(
  db: DbOrTx,
  raterId: string,
  matchIds: string[],
): Promise<Map<string, Rating[]>> {
  const byMatch = new Map<string, Rating[]>();
  if (matchIds.length === 0) return byMatch;
  const rows = await db
    .select()
    .from(ratings)
    .where(and(eq(ratings.raterId, raterId), inArray(ratings.matchId, matchIds)));
  for (const row of rows) {
    const list = byMatch.get(row.matchId) ?? [];
    list.push(toView(row));
    byMatch.set(row.matchId, list);
  }
  return byMatch;
}
