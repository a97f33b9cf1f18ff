import { and, asc, count, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AUDIT_PAGE_SIZE,
  CASE_ABOUT_YOU,
  QUEUE_SIZE,
  type AuditQuery,
  RIDER_IN_YOUR_CASE,
  type AuditEntry,
  type CaseKind,
  type DeskCase,
  type QueueQuery,
} from '@aeropool/contract/moderation';
import type { SupportCategory } from '@aeropool/contract/support';
import type { DbOrTx } from '../../db/database';
import { auditLog, reports, supportTickets, ticketReplies, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { LimitRule } from '../../plugins/limits';
import type { ServiceContext } from '../../lib/service-context';
import { isReleasedEmail } from '../accounts/account-lifecycle';
import { withdrawRider } from '../accounts/user-service';
import { reportReferenceOf } from '../safety/report-service';
import { ticketNumberOf } from '../support/support-service';
import { loadDeskRiders } from './desk-riders';
import {
  suspensionLiftedMail,
  suspensionMail,
  ticketReplyMail,
  ticketResolvedMail,
} from './desk-mails';

type AuditInput = {
  operatorId: string;
  action: string;
  targetKind: 'rider' | 'report' | 'ticket';
  targetId: string;
  detail?: string;
};

const audit = (db: DbOrTx, entry: AuditInput, now: Date) =>
  db.insert(auditLog).values({ ...entry, detail: entry.detail ?? '', createdAt: now });

/**
 * Reports and tickets in one queue, each with the riders it concerns. Open cases come oldest first,
 * so the longest waiting are never the ones cut off; any other filter newest first. `total` counts
 * every case the filter matches.
 */
export async function listQueue(
  ctx: ServiceContext,
  query: QueueQuery,
): Promise<{ cases: DeskCase[]; total: number }> {
  const wants = (kind: CaseKind) => !query.kind || query.kind === kind;
  const oldestFirst = query.status === 'Open';
  const order = oldestFirst ? asc : desc;
  const reportFilter = query.status ? eq(reports.status, query.status) : undefined;
  const ticketFilter = query.status ? eq(supportTickets.status, query.status) : undefined;
  const [reportRows, ticketRows, [reportCount], [ticketCount]] = await Promise.all([
    wants('report')
      ? ctx.db
          .select()
          .from(reports)
          .where(reportFilter)
          .orderBy(order(reports.createdAt))
          .limit(QUEUE_SIZE)
      : [],
    wants('ticket')
      ? ctx.db
          .select()
          .from(supportTickets)
          .where(ticketFilter)
          .orderBy(order(supportTickets.createdAt))
          .limit(QUEUE_SIZE)
      : [],
    wants('report') ? ctx.db.select({ n: count() }).from(reports).where(reportFilter) : [],
    wants('ticket') ? ctx.db.select({ n: count() }).from(supportTickets).where(ticketFilter) : [],
  ]);
  const ticketIds = ticketRows.map((t) => t.id);
  const [riders, replies] = await Promise.all([
    loadDeskRiders(ctx.db, [
      ...reportRows.flatMap((r) => [r.reporterId, r.reportedId]),
      ...ticketRows.map((t) => t.userId),
    ]),
    ticketIds.length === 0
      ? []
      : ctx.db
          .select({
            id: ticketReplies.id,
            ticketId: ticketReplies.ticketId,
            body: ticketReplies.body,
            createdAt: ticketReplies.createdAt,
            firstName: users.firstName,
            lastName: users.lastName,
          })
          .from(ticketReplies)
          .innerJoin(users, eq(users.id, ticketReplies.authorId))
          .where(inArray(ticketReplies.ticketId, ticketIds))
          .orderBy(asc(ticketReplies.createdAt)),
  ]);

  const cases: DeskCase[] = [
    ...reportRows.map((r): DeskCase => ({
      _id: r.id,
      kind: 'report',
      reference: reportReferenceOf(r.reportNumber),
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      label: r.reason,
      subject: `Report: ${r.reason}`,
      description: r.description,
      from: riders.get(r.reporterId)!,
      about: riders.get(r.reportedId)!,
      replies: [],
    })),
    ...ticketRows.map((t): DeskCase => ({
      _id: t.id,
      kind: 'ticket',
      reference: ticketNumberOf(t.ticketNumber),
      status: t.status,
      createdAt: t.createdAt.toISOString(),
      label: t.category as SupportCategory,
      subject: t.subject,
      description: t.description,
      from: riders.get(t.userId)!,
      about: null,
      replies: replies
        .filter((reply) => reply.ticketId === t.id)
        .map((reply) => ({
          _id: reply.id,
          author: `${reply.firstName} ${reply.lastName}`,
          body: reply.body,
          createdAt: reply.createdAt.toISOString(),
        })),
    })),
  ];
  const byTime = (a: DeskCase, b: DeskCase) => a.createdAt.localeCompare(b.createdAt);
  return {
    cases: cases.sort(oldestFirst ? byTime : (a, b) => byTime(b, a)).slice(0, QUEUE_SIZE),
    total: (reportCount?.n ?? 0) + (ticketCount?.n ?? 0),
  };
}

/** One reply per ticket at a time, across operators and instances. */
const oneReplyAtATime: LimitRule = {
  name: 'ticket-reply',
  max: 1,
  windowMs: 30_000,
  message: () =>
    'Another reply to this ticket went out moments ago. Refresh the desk and read it before sending yours.',
};

/**
 * Mailed to the rider, then stored in the ticket's thread: a reply that could not be mailed never
 * shows in the thread as sent.
 */
export async function replyToTicket(
  ctx: ServiceContext,
  operatorId: string,
  ticketId: string,
  message: string,
) {
  const now = ctx.now();
  const [ticket] = await ctx.db
    .select({
      id: supportTickets.id,
      ticketNumber: supportTickets.ticketNumber,
      subject: supportTickets.subject,
      status: supportTickets.status,
      riderId: supportTickets.userId,
      firstName: users.firstName,
      email: users.email,
    })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(eq(supportTickets.id, ticketId));
  if (!ticket) throw new AppError('NOT_FOUND', 'Ticket not found.');
  // As for resolving it (resolveCase): an operator's own ticket is answered by another operator.
  if (ticket.riderId === operatorId) throw new AppError('FORBIDDEN', CASE_ABOUT_YOU);
  // A resolved ticket is out of the Open queue: a reply there would invite an answer nobody sees.
  if (ticket.status !== 'Open')
    throw new AppError('CONFLICT', 'This ticket is resolved, so it takes no more replies.');
  // 30 days after a deactivation the address is gone (decision 007): a reply would reach nobody.
  if (isReleasedEmail(ticket.email))
    throw new AppError(
      'CONFLICT',
      'This rider’s account has closed and their e-mail address is no longer kept, so a reply cannot reach them.',
    );
  const reference = ticketNumberOf(ticket.ticketNumber);
  // Two operators on the Open queue meet the same oldest tickets: the first reply goes, and a
  // second one within moments is refused rather than mailed as another answer (a reply that
  // could not be mailed gives its turn back).
  return ctx.limits.consumeFor(
    oneReplyAtATime,
    ticketId,
    async () => {
      await ctx.mailer
        .send(
          ticketReplyMail({
            to: ticket.email,
            replyTo: ctx.config.SUPPORT_EMAIL,
            firstName: ticket.firstName,
            reference,
            subject: ticket.subject,
            message,
          }),
        )
        .catch((error: unknown) => {
          ctx.log.error({ err: error, ticket: reference }, 'ticket reply not sent');
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            'The reply could not be mailed. Please try again.',
          );
        });
      const audited = (db: DbOrTx, detail: string) =>
        audit(
          db,
          {
            operatorId,
            action: 'Replied to ticket',
            targetKind: 'ticket',
            targetId: ticketId,
            detail,
          },
          now,
        );
      // The rider has the reply now. A failure to store it must not read as "try again": a second
      // send would mail them the same answer twice. It answers as sent, saying what is missing.
      return ctx.db
        .transaction(async (tx) => {
          await tx
            .insert(ticketReplies)
            .values({ ticketId, authorId: operatorId, body: message, createdAt: now });
          await audited(tx, reference);
          return 'Reply sent to the rider.';
        })
        .catch(async (error: unknown) => {
          ctx.log.error({ err: error, ticket: reference }, 'ticket reply mailed but not stored');
          // The audit trail still says a reply went out, on its own if the database takes it now.
          await audited(ctx.db, `${reference} (mailed; not added to the ticket)`).catch(
            (auditError: unknown) =>
              ctx.log.error({ err: auditError, ticket: reference }, 'ticket reply not audited'),
          );
          return 'Reply sent to the rider, but it could not be added to the ticket: do not send it again.';
        });
    },
    (error) => error instanceof AppError && error.statusCode === 503,
  );
}

export async function resolveCase(
  ctx: ServiceContext,
  operatorId: string,
  kind: CaseKind,
  id: string,
) {
  const now = ctx.now();
  const reference = await ctx.db.transaction(async (tx) => {
    const table = kind === 'report' ? reports : supportTickets;
    // A case about the operator (their report, one against them, their ticket) is for another
    // operator to close, as a suspension of oneself is.
    const [parties] =
      kind === 'report'
        ? await tx
            .select({ a: reports.reporterId, b: reports.reportedId })
            .from(reports)
            .where(eq(reports.id, id))
        : await tx
            .select({ a: supportTickets.userId, b: supportTickets.userId })
            .from(supportTickets)
            .where(eq(supportTickets.id, id));
    if (parties && (parties.a === operatorId || parties.b === operatorId))
      throw new AppError('FORBIDDEN', CASE_ABOUT_YOU);
    const updated =
      kind === 'report'
        ? await tx
            .update(reports)
            .set({ status: 'Resolved', resolvedAt: now })
            .where(and(eq(reports.id, id), eq(reports.status, 'Open')))
            .returning({ n: reports.reportNumber })
        : await tx
            .update(supportTickets)
            .set({ status: 'Resolved' })
            .where(and(eq(supportTickets.id, id), eq(supportTickets.status, 'Open')))
            .returning({ n: supportTickets.ticketNumber });
    if (updated.length === 0) {
      const [exists] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
      throw exists
        ? new AppError('CONFLICT', 'This case is already resolved.')
        : new AppError('NOT_FOUND', 'Case not found.');
    }
    const reference =
      kind === 'report' ? reportReferenceOf(updated[0]!.n) : ticketNumberOf(updated[0]!.n);
    await audit(
      tx,
      { operatorId, action: `Resolved ${kind}`, targetKind: kind, targetId: id, detail: reference },
      now,
    );
    return reference;
  });
  if (kind === 'ticket') await tellRiderOfResolvedTicket(ctx, id, reference);
}

/**
 * The rider was told "we reply by e-mail": a ticket closed without a word would leave them
 * waiting. A reporter is not told of a report's outcome (decision 009).
 */
async function tellRiderOfResolvedTicket(ctx: ServiceContext, ticketId: string, reference: string) {
  const [ticket] = await ctx.db
    .select({ subject: supportTickets.subject, email: users.email, firstName: users.firstName })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(eq(supportTickets.id, ticketId));
  if (!ticket || isReleasedEmail(ticket.email)) return;
  ctx.mailer.sendLater(
    ticketResolvedMail({
      to: ticket.email,
      replyTo: ctx.config.SUPPORT_EMAIL,
      firstName: ticket.firstName,
      reference,
      subject: ticket.subject,
    }),
    'ticket resolved mail not sent',
  );
}

async function areInAReport(db: DbOrTx, one: string, other: string) {
  const [report] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      or(
        and(eq(reports.reporterId, one), eq(reports.reportedId, other)),
        and(eq(reports.reporterId, other), eq(reports.reportedId, one)),
      ),
    )
    .limit(1);
  return report !== undefined;
}

async function riderForDesk(db: DbOrTx, riderId: string) {
  const [rider] = await db.select().from(users).where(eq(users.id, riderId));
  if (!rider) throw new AppError('NOT_FOUND', 'Rider not found.');
  return rider;
}

/**
 * Like a deactivation (sessions end, matches left, open requests cancelled) but only an operator
 * lifts it; the rider sees the reason when signing in (decision 009). The check and the audit
 * entry share the suspension's transaction, under the rider's row lock.
 */
export async function suspendRider(
  ctx: ServiceContext,
  operatorId: string,
  riderId: string,
  reason: string,
) {
  if (riderId === operatorId) throw new AppError('BAD_REQUEST', 'You cannot suspend yourself.');
  const now = ctx.now();
  let rider: typeof users.$inferSelect | undefined;
  await withdrawRider(
    ctx,
    riderId,
    { suspendedAt: now, suspensionReason: reason, updatedAt: now },
    async (tx) => {
      rider = await riderForDesk(tx, riderId);
      if (rider.suspendedAt) throw new AppError('CONFLICT', 'This rider is already suspended.');
      if (rider.isOperator) throw new AppError('BAD_REQUEST', 'Revoke the operator role first.');
      // Nor the rider who reported the operator, or whom the operator reported: the case is
      // another operator's to judge, and a suspension would silence a report or settle a score.
      if (await areInAReport(tx, operatorId, riderId))
        throw new AppError('FORBIDDEN', RIDER_IN_YOUR_CASE);
      await audit(
        tx,
        {
          operatorId,
          action: 'Suspended rider',
          targetKind: 'rider',
          targetId: riderId,
          detail: reason,
        },
        now,
      );
    },
  );
  // Signed out everywhere, the rider learns it by mail (unless the address is gone, decision 007).
  if (!isReleasedEmail(rider!.email))
    ctx.mailer.sendLater(
      suspensionMail({
        to: rider!.email,
        firstName: rider!.firstName,
        supportEmail: ctx.config.SUPPORT_EMAIL,
        reason,
      }),
      'suspension mail not sent',
    );
}

export async function liftSuspension(
  ctx: ServiceContext,
  operatorId: string,
  riderId: string,
  reason: string,
) {
  const now = ctx.now();
  const lifted = await ctx.db.transaction(async (tx) => {
    // As for a suspension: a rider in a report with this operator is another operator's call.
    if (await areInAReport(tx, operatorId, riderId))
      throw new AppError('FORBIDDEN', RIDER_IN_YOUR_CASE);
    const [lifted] = await tx
      .update(users)
      .set({ suspendedAt: null, suspensionReason: null, updatedAt: now })
      .where(and(eq(users.id, riderId), isNotNull(users.suspendedAt)))
      .returning({ email: users.email, firstName: users.firstName });
    if (!lifted) {
      await riderForDesk(tx, riderId);
      throw new AppError('CONFLICT', 'This rider is not suspended.');
    }
    await audit(
      tx,
      {
        operatorId,
        action: 'Lifted suspension',
        targetKind: 'rider',
        targetId: riderId,
        detail: reason,
      },
      now,
    );
    return lifted;
  });
  // A rider whose account closed meanwhile (its address released) is not written to.
  if (!isReleasedEmail(lifted.email))
    ctx.mailer.sendLater(
      suspensionLiftedMail({
        to: lifted.email,
        firstName: lifted.firstName,
        supportEmail: ctx.config.SUPPORT_EMAIL,
      }),
      'suspension lifted mail not sent',
    );
}

/**
 * A page of operator actions, newest first: the first, or the one after the entry `before` (every
 * action stays findable, not only the newest page). An unknown `before` gives an empty page.
 */
export async function listAudit(
  ctx: ServiceContext,
  { before }: AuditQuery = {},
): Promise<AuditEntry[]> {
  // A rider acted on is named, as the desk shows riders: an id alone tells an operator nothing.
  const target = alias(users, 'target');
  const olderThan = before
    ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (select created_at, id from ${auditLog} where id = ${before})`
    : undefined;
  const rows = await ctx.db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      targetKind: auditLog.targetKind,
      targetId: auditLog.targetId,
      detail: auditLog.detail,
      createdAt: auditLog.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      target: { firstName: target.firstName, lastName: target.lastName, email: target.email },
    })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.operatorId))
    .leftJoin(target, and(eq(auditLog.targetKind, 'rider'), eq(target.id, auditLog.targetId)))
    .where(olderThan)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE);
  return rows.map((row) => ({
    _id: row.id,
    operator: `${row.firstName} ${row.lastName} <${row.email}>`,
    action: row.action,
    target: row.target
      ? `rider ${row.target.firstName} ${row.target.lastName} <${row.target.email}> (${row.targetId})`
      : `${row.targetKind} ${row.targetId}`,
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** True for an operator; the routes answer everyone else as if /api/admin did not exist. */
export async function isOperator(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ isOperator: users.isOperator })
    .from(users)
    .where(eq(users.id, userId));
  return row?.isOperator === true;
}
