import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './limits';
import { firstNameSchema, GENDERS, lastNameSchema } from './accounts';

/**
 * Phone numbers: Indian mobiles only, stored and answered in E.164 (`+91…`). Kept out of
 * accounts.ts so libphonenumber's metadata loads only on the screens that edit a phone.
 */
export const PHONE_MESSAGES = {
  invalid: 'Enter a valid Indian mobile number (10 digits, e.g. 98765 43210).',
  noPhone: 'Add your phone number to your profile first.',
  alreadyVerified: 'Your phone number is already verified.',
  codeSent: 'We have sent a 6-digit code to your phone.',
  codeFormat: 'Enter the 6-digit code from the SMS.',
  codeInvalid: 'Invalid code. Please try again.',
  codeExpired: 'This code has expired. Please ask for a new one.',
  tooManyTries: 'Too many wrong codes. Please ask for a new one.',
  verified: 'Phone number verified!',
  takenElsewhere: 'This number is already verified on another AeroPool account.',
} as const;

/** E.164 for an Indian mobile written any usual way (98765 43210, 09876543210, +91…), else null. */
export function toIndianMobile(value: string | number): string | null {
  const text = String(value).trim();
  if (!/^[+\d][\d\s()-]{5,20}$/.test(text)) return null;
  const parsed = parsePhoneNumberFromString(text, 'IN');
  if (!parsed || parsed.country !== 'IN' || !parsed.isValid()) return null;
  return parsed.getType() === 'MOBILE' ? parsed.number : null;
}

/** The spec's phone field: a number or a string, answered as E.164; '' or null clears it. */
export const phoneSchema = z
  .union([z.string().max(30), z.number()], { error: PHONE_MESSAGES.invalid })
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value === null || value === '') return null;
    const e164 = toIndianMobile(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGES.invalid });
      return z.NEVER;
    }
    return e164;
  });

/** A partial update: only the fields sent change. The e-mail may be sent but never changed. */
export const updateUserBodySchema = z.object({
  _id: z.string().optional(),
  firstName: firstNameSchema.optional(),
  lastName: lastNameSchema.optional(),
  email: z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).optional(),
  phone: phoneSchema,
  gender: z
    .enum(GENDERS, { error: 'Choose Woman, Man, Non-binary or Prefer not to say.' })
    .nullable()
    .optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

export const phoneCodeBodySchema = z.object({
  code: z
    .string({ error: PHONE_MESSAGES.codeFormat })
    .trim()
    .regex(/^\d{6}$/, PHONE_MESSAGES.codeFormat),
});

export { formatIndianMobile } from './phone-format';
