import { z } from 'zod';
import { SUPPORT_DESCRIPTION_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH } from './limits';
import { textSchema } from './text';

/** Spec section 9: the first one is the form's default. */
export const SUPPORT_CATEGORIES = [
  'Payment Issues',
  'Technical Support',
  'Account Related',
  'General Inquiry',
] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export const supportTicketBodySchema = z.object({
  subject: textSchema('Subject', SUPPORT_SUBJECT_MAX_LENGTH),
  category: z.enum(SUPPORT_CATEGORIES).default('Payment Issues'),
  description: textSchema('Description', SUPPORT_DESCRIPTION_MAX_LENGTH, { multiLine: true }),
});
export type SupportTicketBody = z.input<typeof supportTicketBodySchema>;

export const supportTicketSchema = z.object({
  _id: z.string(),
  ticketNumber: z.string(),
  subject: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  description: z.string(),
  userId: z.string(),
  createdAt: z.string(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;
