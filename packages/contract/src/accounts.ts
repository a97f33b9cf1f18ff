import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './account-messages';
import { GENDERS } from './gender';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './limits';
import {
  hasVisibleText,
  isSingleLineText,
  notAllowedCharacters,
  withoutBidiControls,
} from './text';

export { ACCOUNT_MESSAGES };

/** A deactivated account can be reactivated by a password reset this long (decision 007). */
export const REACTIVATION_WINDOW_DAYS = 30;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH, 'Email is too long')
  .refine(isSingleLineText, notAllowedCharacters('Email'))
  .pipe(z.email('Please enter a valid email address'));

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);

const nameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .overwrite(withoutBidiControls)
    .trim()
    .refine(hasVisibleText, `${label} is required`)
    .max(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`)
    .refine(isSingleLineText, notAllowedCharacters(label));

export const firstNameSchema = nameSchema('First Name');
export const lastNameSchema = nameSchema('Last Name');

export const OTP_PURPOSES = ['signup', 'reset'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

export const otpGenerateBodySchema = z.object({
  email: emailSchema,
  purpose: z.enum(OTP_PURPOSES).default('signup'),
});
export type OtpGenerateBody = z.input<typeof otpGenerateBodySchema>;

export const otpVerifyBodySchema = z.object({
  email: emailSchema,
  otp: z
    .string({ error: 'Please enter the OTP' })
    .trim()
    .min(1, 'Please enter the OTP')
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), ACCOUNT_MESSAGES.invalidOtp),
});
export type OtpVerifyBody = z.infer<typeof otpVerifyBodySchema>;

export const otpGenerateResultSchema = z.object({
  email: z.string(),
  expiresAt: z.string(),
  resendAfterSeconds: z.number().int(),
});

export const verificationResultSchema = z.object({
  verificationToken: z.string(),
  expiresAt: z.string(),
});

export const emailLookupBodySchema = z.object({ email: emailSchema });

/** Tokens the server handed out are base64url; anything else cannot be one of them. */
const verificationTokenSchema = z
  .string({ error: 'Verification token is required' })
  .min(1, 'Verification token is required')
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'Please verify your email with a new OTP.');

export const createUserBodySchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  password: passwordSchema,
  verificationToken: verificationTokenSchema,
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const googleAuthBodySchema = z.object({
  credential: z
    .string({ error: 'Google credential is required' })
    .min(20, 'Google credential is required')
    .max(8192)
    .regex(/^[A-Za-z0-9_.-]+$/, 'Google sign-in failed. Please try again ⚠️'),
});

/** The public view of a user: what every user endpoint answers with (never a hash). */
export const userSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
  gender: z.enum(GENDERS).nullable(),
  isGoogleAuth: z.boolean(),
  averageRating: z.number(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export { GENDERS, GENDER_LABELS, type Gender } from './gender';

/** What a card shows about a rider before anyone shares a cab with them. */
export const riderTrustSchema = z.object({
  phoneVerified: z.boolean(),
  /** Average of the ratings received, one decimal; 0 with none. */
  averageRating: z.number(),
  ratingCount: z.number().int(),
  completedRides: z.number().int(),
  memberSince: z.string(),
});
export type RiderTrust = z.infer<typeof riderTrustSchema>;

/**
 * Below this average, rated by at least LOW_RATING_MIN_COUNT riders, a rider is not offered to
 * others as a potential match (decision 008).
 */
export const LOW_RATING_AVERAGE = 2.5;
export const LOW_RATING_MIN_COUNT = 3;

/** A user shown to another rider: the phone only to co-riders of an Active match. */
export const riderSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().optional(),
  trust: riderTrustSchema.optional(),
});
export type Rider = z.infer<typeof riderSchema>;

export const authResultSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  token: z.string(),
  entities: z.array(userSchema),
});
export type AuthResult = z.infer<typeof authResultSchema>;

export const changePasswordBodySchema = z.object({
  _id: z.string().optional(),
  currentPassword: z.string().min(1, 'Please fill all fields').max(1024),
  password: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const forgotPasswordBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  verificationToken: verificationTokenSchema,
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const userStatsSchema = z.object({
  completed: z.number().int(),
  active: z.number().int(),
  cancelled: z.number().int(),
  averageRating: z.number(),
});
export type UserStats = z.infer<typeof userStatsSchema>;
