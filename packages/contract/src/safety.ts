import { z } from 'zod';
import { textSchema } from './text';

/** Why a rider reports another (issue 8); the first is the form's default. */
export const REPORT_REASONS = [
  'Harassment',
  'Unsafe behaviour',
  'No-show',
  'Fake profile',
  'Other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_DESCRIPTION_MAX_LENGTH = 2000;
export const SUSPENSION_REASON_MAX_LENGTH = 500;
/** Open reports from this many different riders hide a rider from potential matches until reviewed. */
export const REPORTS_TO_HIDE = 3;

export const SAFETY_MESSAGES = {
  blocked: (name: string) => `${name} is blocked. You will not see each other again.`,
  unblocked: (name: string) => `${name} is unblocked.`,
  cannotBlockSelf: 'You cannot block yourself.',
  riderNotFound: 'Rider not found.',
  blockedPair: 'You cannot match with this rider.',
  reportNotAllowed:
    'You can only report a rider you have been matched with or have a pending request with.',
  reported: (reference: string) =>
    `Thanks for telling us. Your report ${reference} is with our team, and this rider is blocked.`,
} as const;

const riderId = z.uuid('Invalid rider.');

export const blockBodySchema = z.object({ userId: riderId });
export type BlockBody = z.infer<typeof blockBodySchema>;
export const blockParamsSchema = z.object({ userId: riderId });

/** A rider on my block list: first name and last initial only. */
export const blockedRiderSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  blockedAt: z.string(),
});
export type BlockedRider = z.infer<typeof blockedRiderSchema>;

export const reportBodySchema = z.object({
  userId: riderId,
  reason: z.enum(REPORT_REASONS, 'Choose a reason'),
  description: textSchema('Description', REPORT_DESCRIPTION_MAX_LENGTH, {
    required: 'Please describe what happened',
    multiLine: true,
  }),
});
export type ReportBody = z.infer<typeof reportBodySchema>;

export const reportReceiptSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  reason: z.enum(REPORT_REASONS),
  createdAt: z.string(),
});
export type ReportReceipt = z.infer<typeof reportReceiptSchema>;

export const suspensionReasonSchema = textSchema('Reason', SUSPENSION_REASON_MAX_LENGTH, {
  required: 'Give a reason',
});

/** What a suspended rider sees when signing in: the reason and where to write. */
export const suspendedMessage = (reason: string, supportEmail: string) =>
  `Your account is suspended: ${reason} If you think this is a mistake, write to ${supportEmail}.`;
