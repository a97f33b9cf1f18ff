import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, type OtpPurpose } from '@aeropool/contract/accounts';
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_CODES_PER_HOUR,
  OTP_MAX_FAILURES_PER_HOUR,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
  VERIFICATION_TOKEN_TTL_MINUTES,
} from '@aeropool/contract/limits';
import type { DbOrTx } from '../../db/database';
import { emailVerifications, otpCodes, otpEvents } from '../../db/schema';
import { assertResendAllowed, hourWindow, tooMany } from './code-rules';
import { AppError } from '../../lib/app-error';
import { hmac, randomDigits, randomToken, safeEqual } from '../../lib/hash';
import type { ServiceContext } from '../../lib/service-context';
import { assertAddressFree, findAccountByEmail } from './account-lifecycle';
import { otpMail } from './account-mails';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** OTP history older than this is no longer counted by any limit. */
const EVENT_RETENTION_MS = 24 * HOUR_MS;

/**
 * One e-mail's OTP work runs one at a time on every instance, so limits are decided exactly. A
 * password reset or change takes it first too (before any row), then ends the address's codes.
 */
export const lockEmail = (tx: DbOrTx, email: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${email}`}))`);

/** OTP events of one kind in the rolling hour, and when the oldest of them leaves it. */
async function eventsInLastHour(
  tx: DbOrTx,
  filter: { email: string; kind: 'sent' | 'failed'; purpose?: OtpPurpose },
  now: Date,
) {
  const [row] = await tx
    .select({ n: count(), oldest: min(otpEvents.createdAt) })
    .from(otpEvents)
    .where(
      and(
        eq(otpEvents.email, filter.email),
        eq(otpEvents.kind, filter.kind),
        filter.purpose ? eq(otpEvents.purpose, filter.purpose) : undefined,
        gt(otpEvents.createdAt, new Date(now.getTime() - HOUR_MS)),
      ),
    );
  return hourWindow(row, now);
}

/**
 * Sends a code: at most one every 30 s and 5 an hour per e-mail (so nobody's mailbox can be
 * flooded), never resetting the wrong-try count (see verifyOtp).
 */
export async function generateOtp(ctx: ServiceContext, email: string, purpose: OtpPurpose) {
  const now = ctx.now();
  const code = randomDigits(OTP_LENGTH);
  const codeHash = hmac(ctx.secrets.hashKey, `${email}:${code}`);
  const expiresAt = new Date(now.getTime() + OTP_TTL_MINUTES * MINUTE_MS);

  const eventId = await ctx.db.transaction(async (tx) => {
    await lockEmail(tx, email);
    const account = await findAccountByEmail(tx, email, now);
    if (purpose === 'reset' && account.kind === 'none') {
      throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.userNotFoundByEmail);
    }
    if (purpose === 'signup') assertAddressFree(account);

    const [current] = await tx
      .select({ createdAt: otpCodes.createdAt })
      .from(otpCodes)
      .where(eq(otpCodes.email, email));
    assertResendAllowed(current?.createdAt, now, 'OTP');
    const sent = await eventsInLastHour(tx, { email, kind: 'sent' }, now);
    if (sent.count >= OTP_MAX_CODES_PER_HOUR) {
      throw tooMany(
        `We have sent ${OTP_MAX_CODES_PER_HOUR} codes to this e-mail in the last hour.`,
        sent.retryAfterMs,
      );
    }

    await tx
      .insert(otpCodes)
      .values({ email, purpose, codeHash, attempts: 0, expiresAt, createdAt: now })
      .onConflictDoUpdate({
        target: otpCodes.email,
        set: { purpose, codeHash, attempts: 0, expiresAt, createdAt: now },
      });
    await tx
      .delete(otpEvents)
      .where(
        and(
          eq(otpEvents.email, email),
          lt(otpEvents.createdAt, new Date(now.getTime() - EVENT_RETENTION_MS)),
        ),
      );
    const [event] = await tx
      .insert(otpEvents)
      .values({ email, purpose, kind: 'sent', createdAt: now })
      .returning({ id: otpEvents.id });
    return event!.id;
  });

  try {
    await ctx.mailer.send(otpMail(email, code, purpose));
  } catch (error) {
    ctx.log.error({ err: error }, 'could not send the OTP mail');
    // The rider never got this code: it neither blocks a resend nor counts against the hour.
    await ctx.db.transaction(async (tx) => {
      await tx
        .delete(otpCodes)
        .where(and(eq(otpCodes.email, email), eq(otpCodes.codeHash, codeHash)));
      await tx.delete(otpEvents).where(eq(otpEvents.id, eventId));
    });
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'We could not send the e-mail right now. Please try again.',
    );
  }
  return { email, expiresAt: expiresAt.toISOString(), resendAfterSeconds: OTP_RESEND_SECONDS };
}

type VerifyOutcome = { ok: true; purpose: OtpPurpose } | { ok: false; error: AppError };

const invalidOtp = () => new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.invalidOtp, { field: 'otp' });

/**
 * Checks a code: 5 tries per code, and at most 10 wrong tries an hour per e-mail and purpose
 * across codes, so asking for new codes does not buy more guesses. A wrong try is recorded even
 * though the request fails, so the outcome is decided inside the transaction and thrown after.
 */
export async function verifyOtp(ctx: ServiceContext, email: string, otp: string) {
  const now = ctx.now();
  const verificationToken = randomToken();
  const expiresAt = new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MINUTES * MINUTE_MS);
  const outcome = await ctx.db.transaction(async (tx): Promise<VerifyOutcome> => {
    await lockEmail(tx, email);
    const [row] = await tx.select().from(otpCodes).where(eq(otpCodes.email, email));
    if (!row) return { ok: false, error: invalidOtp() };
    const failures = await eventsInLastHour(
      tx,
      { email, kind: 'failed', purpose: row.purpose },
      now,
    );
    if (failures.count >= OTP_MAX_FAILURES_PER_HOUR) {
      return {
        ok: false,
        error: tooMany('Too many wrong codes for this e-mail.', failures.retryAfterMs),
      };
    }
    if (row.expiresAt <= now) {
      return {
        ok: false,
        error: new AppError('BAD_REQUEST', 'This OTP has expired. Please request a new one.', {
          field: 'otp',
        }),
      };
    }
    if (row.attempts >= OTP_MAX_ATTEMPTS) {
      return {
        ok: false,
        error: new AppError('BAD_REQUEST', 'Too many wrong attempts. Please request a new OTP.', {
          field: 'otp',
        }),
      };
    }
    if (!safeEqual(row.codeHash, hmac(ctx.secrets.hashKey, `${email}:${otp}`))) {
      await tx
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(eq(otpCodes.email, email));
      await tx
        .insert(otpEvents)
        .values({ email, purpose: row.purpose, kind: 'failed', createdAt: now });
      return { ok: false, error: invalidOtp() };
    }
    // Single use: the code is gone once it has been verified. Its verification is stored under
    // the same lock, so a password reset running meanwhile ends it (endCodesOf) or comes after.
    await tx.delete(otpCodes).where(eq(otpCodes.email, email));
    await tx.insert(emailVerifications).values({
      tokenHash: hmac(ctx.secrets.hashKey, verificationToken),
      email,
      purpose: row.purpose,
      expiresAt,
      createdAt: now,
    });
    return { ok: true, purpose: row.purpose };
  });
  if (!outcome.ok) throw outcome.error;
  return { verificationToken, expiresAt: expiresAt.toISOString() };
}

/**
 * Ends `email`'s codes, mailed or verified: once its password is reset or changed, a reset code
 * got earlier (by whoever held the mailbox for a while) must not reset it again. The caller holds
 * lockEmail, taken before any row (a verification, the user), as every such path takes them.
 */
export async function endCodesOf(tx: DbOrTx, email: string, now: Date) {
  await tx.delete(otpCodes).where(eq(otpCodes.email, email));
  await tx
    .update(emailVerifications)
    .set({ usedAt: now })
    .where(and(eq(emailVerifications.email, email), sql`${emailVerifications.usedAt} is null`));
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
