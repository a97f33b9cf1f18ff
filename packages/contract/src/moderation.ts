import { z } from 'zod';
import { envelopeSchema, idSchema } from './envelope';
import { REPORT_REASONS, suspensionReasonSchema } from './safety';
import { SUPPORT_CATEGORIES } from './support';
import { textSchema } from './text';

export const CASE_KINDS = ['report', 'ticket'] as const;
export type CaseKind = (typeof CASE_KINDS)[number];
export const CASE_STATUSES = ['Open', 'Resolved'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const REPLY_MAX_LENGTH = 5000;
/** The most cases the desk shows at once; the answer's `total` says how many match in all. */
export const QUEUE_SIZE = 100;
/** Why the desk keeps an operator's own ticket or report from them: the desk says it, and the server refuses with it. */
export const CASE_ABOUT_YOU = 'This case is about you: another operator resolves it.';
/** Why an operator may not suspend (or lift the suspension of) a rider in a report with them. */
export const RIDER_IN_YOUR_CASE =
  'You and this rider are in a report together: another operator decides on a suspension.';

export const queueQuerySchema = z.object({
  kind: z.enum(CASE_KINDS).optional(),
  status: z.enum(CASE_STATUSES).optional(),
});
export type QueueQuery = z.infer<typeof queueQuerySchema>;

/** A rider as the desk sees them: enough to judge a case without another request. */
export const deskRiderSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
  reportCount: z.number().int(),
  /** How many riders made those reports: one rider's many reports are one voice. */
  reporterCount: z.number().int(),
  suspended: z.boolean(),
  suspensionReason: z.string().nullable(),
  recentMatches: z.array(
    z.object({
      matchId: z.string(),
      status: z.string(),
      timeOfTravel: z.string(),
      coRiders: z.array(z.string()),
    }),
  ),
});
export type DeskRider = z.infer<typeof deskRiderSchema>;

const replySchema = z.object({
  _id: z.string(),
  author: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

export const deskCaseSchema = z.object({
  _id: z.string(),
  kind: z.enum(CASE_KINDS),
  reference: z.string(),
  status: z.enum(CASE_STATUSES),
  createdAt: z.string(),
  /** A report's reason or a ticket's category. */
  label: z.union([z.enum(REPORT_REASONS), z.enum(SUPPORT_CATEGORIES)]),
  subject: z.string(),
  description: z.string(),
  /** The reporter, or the rider who opened the ticket. */
  from: deskRiderSchema,
  /** The rider reported; none for a ticket. */
  about: deskRiderSchema.nullable(),
  replies: z.array(replySchema),
});
export type DeskCase = z.infer<typeof deskCaseSchema>;

/**
 * Open cases come oldest first, the longest waiting on top; any other filter newest first. At
 * most QUEUE_SIZE of them, with the number that match the filter in all.
 */
export const queueAnswerSchema = envelopeSchema(deskCaseSchema).extend({
  total: z.number().int(),
});

export const auditEntrySchema = z.object({
  _id: z.string(),
  operator: z.string(),
  action: z.string(),
  target: z.string(),
  detail: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The audit log comes a page at a time, newest first; `before` is the last entry already shown. */
export const AUDIT_PAGE_SIZE = 100;
export const auditQuerySchema = z.object({ before: z.uuid('Invalid audit entry.').optional() });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const caseParamsSchema = z.object({ id: idSchema('Invalid case.') });
export const riderParamsSchema = z.object({ id: idSchema('Invalid rider.') });

export const replyBodySchema = z.object({
  message: textSchema('Reply', REPLY_MAX_LENGTH, { required: 'Write a reply', multiLine: true }),
});
export type ReplyBody = z.infer<typeof replyBodySchema>;

export const suspendBodySchema = z.object({ reason: suspensionReasonSchema });
export type SuspendBody = z.infer<typeof suspendBodySchema>;
