import { and, eq, exists, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { SAFETY_MESSAGES, type ReportBody, type ReportReceipt } from '@aeropool/contract/safety';
import type { DbOrTx } from '../../db/database';
import { holds } from '../../db/holds';
import { matchMembers, matchRequests, reports, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import type { LimitRule } from '../../plugins/limits';
import { announceBlock, applyBlock, matchesBetween } from './block-service';
import { leftCabTogether } from '../matching/kept-apart';
import { reportReceiptMail, reportTeamMail } from './safety-mails';

const contactOf = (user: { id: string; firstName: string; lastName: string; email: string }) => ({
  id: user.id,
  name: `${user.firstName} ${user.lastName}`,
  email: user.email,
});

export const reportReferenceOf = (n: number) => `RP-${n}`;

/** A handful a day is what a person needs; more is someone using reports as a weapon. */
const reportsPerRider: LimitRule = {
  name: 'reports-rider',
  max: 10,
  windowMs: 86_400_000,
  message: () =>
    'You have sent several reports today. Please write to support if you need to tell us more.',
};

/**
 * True when `reporter` has met `reported`: they shared a match (a cab one of them left included),
 * or `reported` sent them a match request (to them, or an ask to join a cab they ride in),
 * whatever came of it. A request the reporter sent does not count: anyone can send one to a
 * stranger, and three throwaway accounts sending and reporting would hide anyone (decision 009).
 */
async function hasMet(db: DbOrTx, reporter: string, reported: string): Promise<boolean> {
  // An ask to join counts for the riders who were in the cab while it was open: one who joined
  // after it was answered never saw it (three accounts joining in turn would hide its sender).
  const inCabWhileAsked = db
    .select({ one: sql`1` })
    .from(matchMembers)
    .where(
      and(
        eq(matchMembers.matchId, matchRequests.toMatchId),
        eq(matchMembers.userId, reporter),
        or(
          isNull(matchMembers.joinedAt),
          lt(
            matchMembers.joinedAt,
            sql`coalesce(${matchRequests.respondedAt}, 'infinity'::timestamptz)`,
          ),
        ),
      ),
    );
  const [request] = await db
    .select({ id: matchRequests.id })
    .from(matchRequests)
    .where(
      and(
        eq(matchRequests.fromUserId, reported),
        or(eq(matchRequests.toUserId, reporter), exists(inCabWhileAsked)),
      ),
    )
    .limit(1);
  if (request || (await matchesBetween(db, reporter, reported)).length > 0) return true;
  // A rider who left a cab of three is no longer among its members, but rode with them.
  return holds(db, leftCabTogether(reporter, reported));
}

/**
 * Stores the report and blocks the reported rider in one transaction, then mails the support team
 * (both riders' ids) and acknowledges to the reporter with the reference.
 */
export async function createReport(
  ctx: ServiceContext,
  reporterId: string,
  body: ReportBody,
): Promise<ReportReceipt> {
  if (reporterId === body.userId)
    throw new AppError('BAD_REQUEST', SAFETY_MESSAGES.reportNotAllowed);
  const people = await ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(inArray(users.id, [reporterId, body.userId]));
  const reporter = people.find((p) => p.id === reporterId);
  const reported = people.find((p) => p.id === body.userId);
  if (!reporter || !reported) throw new AppError('NOT_FOUND', SAFETY_MESSAGES.riderNotFound);
  if (!(await hasMet(ctx.db, reporterId, body.userId)))
    throw new AppError('FORBIDDEN', SAFETY_MESSAGES.reportNotAllowed);
  await ctx.limits.consume(reportsPerRider, reporterId);

  const { row, block } = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(reports)
      .values({
        reporterId,
        reportedId: body.userId,
        reason: body.reason,
        description: body.description,
        createdAt: ctx.now(),
      })
      .returning();
    return { row: inserted!, block: await applyBlock(ctx, tx, reporterId, body.userId) };
  });
  await announceBlock(ctx, block);
  const reference = reportReferenceOf(row.reportNumber);

  const facts = {
    reference,
    reason: body.reason,
    description: body.description,
    // The support team sees full names, as on the desk; the reporter is greeted by first name.
    reporter: { ...contactOf(reporter), firstName: reporter.firstName },
    reported: contactOf(reported),
  };
  // The report is saved: the mails follow without holding up the answer.
  for (const mail of [reportTeamMail(ctx.config.SUPPORT_EMAIL, facts), reportReceiptMail(facts)]) {
    ctx.mailer.sendLater(mail, 'report mail not sent', { report: reference });
  }
  return { _id: row.id, reference, reason: row.reason, createdAt: row.createdAt.toISOString() };
}
