import { z } from 'zod';
import { textSchema } from './text';
import { idSchema } from './envelope';

import {
  REPORT_DESCRIPTION_MAX_LENGTH,
  REPORT_REASONS,
  SUSPENSION_REASON_MAX_LENGTH,
} from './safety-rules';

export * from './safety-rules';

const riderId = idSchema('Invalid rider.');

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
