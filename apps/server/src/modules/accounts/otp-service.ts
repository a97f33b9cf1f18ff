import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, type OtpPurpose } from '@aeropool/contract/accounts';
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
  VERIFICATION_TOKEN_TTL_MINUTES,
} from '@aeropool/contract/limits';
import type { DbOrTx } from '../../db/database';
import { emailVerifications, otpCodes, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hmac, randomDigits, randomToken, safeEqual } from '../../lib/hash';
import type { ServiceContext } from '../../lib/service-context';
import { otpMail } from './account-mails';

const minutes = (n: number) => n * 60_000;

export async function generateOtp(ctx: ServiceContext, email: string, purpose: OtpPurpose) {
  const [existing] = await ctx.db
    .select({ isActive: users.isActive })
    .from(users)
    .where(eq(users.email, email));
  if (purpose === 'reset' && !existing?.isActive) {
    throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.userNotFoundByEmail);
  }
  if (purpose === 'signup' && existing) {
    throw new AppError('CONFLICT', ACCOUNT_MESSAGES.emailTaken, { field: 'email' });
  }

  const now = ctx.now();
  const code = randomDigits(OTP_LENGTH);
  const codeHash = hmac(ctx.secrets.hashKey, `${email}:${code}`);
  const expiresAt = new Date(now.getTime() + minutes(OTP_TTL_MINUTES));
  const resendBefore = new Date(now.getTime() - OTP_RESEND_SECONDS * 1000);

  // The cooldown is decided by the row itself, so two quick requests cannot both send a code.
  const inserted = await ctx.db
    .insert(otpCodes)
    .values({ email, purpose, codeHash, attempts: 0, expiresAt, createdAt: now })
    .onConflictDoUpdate({
      target: otpCodes.email,
      set: { purpose, codeHash, attempts: 0, expiresAt, createdAt: now },
      setWhere: lte(otpCodes.createdAt, resendBefore),
    })
    .returning({ email: otpCodes.email });

  if (inserted.length === 0) {
    const [current] = await ctx.db
      .select({ createdAt: otpCodes.createdAt })
      .from(otpCodes)
      .where(eq(otpCodes.email, email));
    const elapsed = current ? (now.getTime() - current.createdAt.getTime()) / 1000 : 0;
    const secondsLeft = Math.max(1, Math.ceil(OTP_RESEND_SECONDS - elapsed));
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `Please wait ${secondsLeft} seconds before requesting a new OTP.`,
      { retryAfterSeconds: secondsLeft },
    );
  }

  try {
    await ctx.mailer.send(otpMail(email, code, purpose));
  } catch (error) {
    ctx.log.error({ err: error }, 'could not send the OTP mail');
    // Free the cooldown: the user never got this code.
    await ctx.db
      .delete(otpCodes)
      .where(and(eq(otpCodes.email, email), eq(otpCodes.codeHash, codeHash)));
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'We could not send the e-mail right now. Please try again.',
    );
  }
  return { email, expiresAt: expiresAt.toISOString(), resendAfterSeconds: OTP_RESEND_SECONDS };
}

export async function verifyOtp(ctx: ServiceContext, email: string, otp: string) {
  const now = ctx.now();
  // Count the try before comparing, atomically, so parallel guesses cannot exceed the limit.
  const [row] = await ctx.db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(
      and(
        eq(otpCodes.email, email),
        lt(otpCodes.attempts, OTP_MAX_ATTEMPTS),
        gt(otpCodes.expiresAt, now),
      ),
    )
    .returning({ codeHash: otpCodes.codeHash, purpose: otpCodes.purpose });

  if (!row) {
    const [stale] = await ctx.db.select().from(otpCodes).where(eq(otpCodes.email, email));
    if (stale && stale.expiresAt <= now) {
      throw new AppError('BAD_REQUEST', 'This OTP has expired. Please request a new one.', {
        field: 'otp',
      });
    }
    if (stale) {
      throw new AppError('BAD_REQUEST', 'Too many wrong attempts. Please request a new OTP.', {
        field: 'otp',
      });
    }
    throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.invalidOtp, { field: 'otp' });
  }
  if (!safeEqual(row.codeHash, hmac(ctx.secrets.hashKey, `${email}:${otp}`))) {
    throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.invalidOtp, { field: 'otp' });
  }

  // Single use: only the request that deletes the code gets a verification token.
  const deleted = await ctx.db
    .delete(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.codeHash, row.codeHash)))
    .returning({ email: otpCodes.email });
  if (deleted.length === 0)
    throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.invalidOtp, { field: 'otp' });

  const verificationToken = randomToken();
  const expiresAt = new Date(now.getTime() + minutes(VERIFICATION_TOKEN_TTL_MINUTES));
  await ctx.db.insert(emailVerifications).values({
    tokenHash: hmac(ctx.secrets.hashKey, verificationToken),
    email,
    purpose: row.purpose,
    expiresAt,
    createdAt: now,
  });
  return { verificationToken, expiresAt: expiresAt.toISOString() };
}

/** Marks a verification token used; throws 403 unless it proves `email` for `purpose`. */
export async function consumeVerification(
  ctx: Pick<ServiceContext, 'secrets' | 'now'>,
  tx: DbOrTx,
  input: { email: string; token: string; purpose: OtpPurpose },
): Promise<void> {
  const now = ctx.now();
  const used = await tx
    .update(emailVerifications)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailVerifications.tokenHash, hmac(ctx.secrets.hashKey, input.token)),
        eq(emailVerifications.email, input.email),
        eq(emailVerifications.purpose, input.purpose),
        sql`${emailVerifications.usedAt} is null`,
        gt(emailVerifications.expiresAt, now),
      ),
    )
    .returning({ id: emailVerifications.id });
  if (used.length === 0) {
    throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.verificationRequired);
  }
}
