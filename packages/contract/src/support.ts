import { z } from 'zod';
import { SUPPORT_DESCRIPTION_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH } from './limits';
import { isMultiLineText, isSingleLineText, notAllowedCharacters } from './text';

/** Spec section 9: the first one is the form's default. */
export const SUPPORT_CATEGORIES = [
  'Payment Issues',
  'Technical Support',
  'Account Related',
  'General Inquiry',
] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export const supportTicketBodySchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'Subject is required')
    .max(
      SUPPORT_SUBJECT_MAX_LENGTH,
      `Subject must be at most ${SUPPORT_SUBJECT_MAX_LENGTH} characters`,
    )
    .refine(isSingleLineText, notAllowedCharacters('Subject')),
  category: z.enum(SUPPORT_CATEGORIES).default('Payment Issues'),
  description: z
    .string()
    .trim()
    .min(1, 'Description is required')
    .max(
      SUPPORT_DESCRIPTION_MAX_LENGTH,
      `Description must be at most ${SUPPORT_DESCRIPTION_MAX_LENGTH} characters`,
    )
    .refine(isMultiLineText, notAllowedCharacters('Description')),
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
