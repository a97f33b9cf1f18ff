import { and, count, eq, gt, isNotNull, lt, min, ne, sql } from 'drizzle-orm';
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_CODES_PER_HOUR,
  OTP_MAX_FAILURES_PER_HOUR,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
} from '@aeropool/contract/limits';
import { PHONE_MESSAGES } from '@aeropool/contract/phone';
import { PRODUCT_NAME } from '@aeropool/contract/product';
import type { DbOrTx } from '../../../db/database';
import { phoneCodeEvents, phoneCodes, users } from '../../../db/schema';
import { assertResendAllowed, hourWindow, tooMany } from '../code-rules';
import { AppError } from '../../../lib/app-error';
import { hmac, randomDigits, safeEqual } from '../../../lib/hash';
import type { ServiceContext } from '../../../lib/service-context';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const EVENT_RETENTION_MS = 24 * HOUR_MS;

/** One number's code work runs one at a time on every instance, so its limits are exact. */
const lockPhone = (tx: DbOrTx, phone: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);

const codeHashOf = (ctx: ServiceContext, userId: string, phone: string, code: string) =>
  hmac(ctx.secrets.hashKey, `phone:${userId}:${phone}:${code}`);

/** A number's events of one kind in the last hour, or one rider's only (`userId`). */
async function eventsInLastHour(
  tx: DbOrTx,
  phone: string,
  kind: 'sent' | 'failed',
  now: Date,
  userId?: string,
) {
  const [row] = await tx
    .select({ n: count(), oldest: min(phoneCodeEvents.createdAt) })
    .from(phoneCodeEvents)
    .where(
      and(
        eq(phoneCodeEvents.phone, phone),
        eq(phoneCodeEvents.kind, kind),
        userId === undefined ? undefined : eq(phoneCodeEvents.userId, userId),
        gt(phoneCodeEvents.createdAt, new Date(now.getTime() - HOUR_MS)),
      ),
    );
  return hourWindow(row, now);
}

/**
 * Codes texted to one number in an hour, whoever asks: twice what one rider may ask for
 * (codesPerRider in routes.ts), so a stranger who put the number on their profile cannot use up
 * the owner's codes alone, while the SMS bill per number stays bounded.
 */
const CODES_PER_NUMBER_HOUR = 2 * OTP_MAX_CODES_PER_HOUR;

async function profilePhone(tx: DbOrTx, userId: string) {
  const [user] = await tx
    .select({ phone: users.phone, verifiedAt: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.phone) throw new AppError('BAD_REQUEST', PHONE_MESSAGES.noPhone, { field: 'phone' });
  if (user.verifiedAt) throw new AppError('CONFLICT', PHONE_MESSAGES.alreadyVerified);
  return user.phone;
}

/**
 * Texts a six-digit code to the number on the rider's profile, under the e-mail OTP's rules
 * (decision 003): hashed, 10 minutes, one per 30 s, at most 5 an hour per rider and 10 per
 * number.
 */
export async function sendPhoneCode(ctx: ServiceContext, userId: string) {
  const now = ctx.now();
  const code = randomDigits(OTP_LENGTH);
  const expiresAt = new Date(now.getTime() + OTP_TTL_MINUTES * MINUTE_MS);

  const { phone, eventId } = await ctx.db.transaction(async (tx) => {
    const phone = await profilePhone(tx, userId);
    await lockPhone(tx, phone);
    const [current] = await tx
      .select({ createdAt: phoneCodes.createdAt, phone: phoneCodes.phone })
      .from(phoneCodes)
      .where(eq(phoneCodes.userId, userId));
    assertResendAllowed(
      current && current.phone === phone ? current.createdAt : undefined,
      now,
      'code',
    );
    const sent = await eventsInLastHour(tx, phone, 'sent', now);
    if (sent.count >= CODES_PER_NUMBER_HOUR) {
      throw tooMany(
        `We have sent ${CODES_PER_NUMBER_HOUR} codes to this number in the last hour.`,
        sent.retryAfterMs,
      );
    }
    const codeHash = codeHashOf(ctx, userId, phone, code);
    await tx
      .insert(phoneCodes)
      .values({ userId, phone, codeHash, attempts: 0, expiresAt, createdAt: now })
      .onConflictDoUpdate({
        target: phoneCodes.userId,
        set: { phone, codeHash, attempts: 0, expiresAt, createdAt: now },
      });
    await tx
      .delete(phoneCodeEvents)
      .where(
        and(
          eq(phoneCodeEvents.phone, phone),
          lt(phoneCodeEvents.createdAt, new Date(now.getTime() - EVENT_RETENTION_MS)),
        ),
      );
    const [event] = await tx
      .insert(phoneCodeEvents)
      .values({ phone, kind: 'sent', userId, createdAt: now })
      .returning({ id: phoneCodeEvents.id });
    return { phone, eventId: event!.id };
  });

  try {
    await ctx.sms.send({
      to: phone,
      text: `${code} is your ${PRODUCT_NAME} phone verification code. It expires in ${OTP_TTL_MINUTES} minutes. Do not share it with anyone.`,
      variables: { otp: code },
    });
  } catch (error) {
    ctx.log.error({ err: error }, 'could not send the verification SMS');
    // The rider never got this code: it neither blocks a resend nor counts against the hour.
    await ctx.db.transaction(async (tx) => {
      await tx.delete(phoneCodes).where(eq(phoneCodes.userId, userId));
      await tx.delete(phoneCodeEvents).where(eq(phoneCodeEvents.id, eventId));
    });
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'We could not send the SMS right now. Please try again.',
    );
  }
  return { phone, expiresAt: expiresAt.toISOString(), resendAfterSeconds: OTP_RESEND_SECONDS };
}

type Outcome = { ok: true } | { ok: false; error: AppError };
const fail = (message: string): Outcome => ({
  ok: false,
  error: new AppError('BAD_REQUEST', message, { field: 'code' }),
});

/**
 * Checks a code: 5 tries per code, at most 10 wrong tries an hour per rider and number across
 * codes. A wrong try is recorded although the request fails, so the outcome is thrown after the
 * commit. A number is verified on one account at most.
 */
export async function verifyPhoneCode(ctx: ServiceContext, userId: string, code: string) {
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const phone = await profilePhone(tx, userId);
    await lockPhone(tx, phone);
    // Per rider and number: wrong codes typed on a stranger's account that put this number on
    // its profile must not lock the number's owner out (each code is bound to its account).
    const failures = await eventsInLastHour(tx, phone, 'failed', now, userId);
    if (failures.count >= OTP_MAX_FAILURES_PER_HOUR) {
      return {
        ok: false,
        error: tooMany('Too many wrong codes for this number.', failures.retryAfterMs),
      };
    }
    const [row] = await tx.select().from(phoneCodes).where(eq(phoneCodes.userId, userId));
    // A code sent to an earlier number never verifies the current one.
    if (!row || row.phone !== phone || row.expiresAt <= now)
      return fail(PHONE_MESSAGES.codeExpired);
    if (row.attempts >= OTP_MAX_ATTEMPTS) return fail(PHONE_MESSAGES.tooManyTries);
    if (!safeEqual(row.codeHash, codeHashOf(ctx, userId, phone, code))) {
      await tx
        .update(phoneCodes)
        .set({ attempts: sql`${phoneCodes.attempts} + 1` })
        .where(eq(phoneCodes.userId, userId));
      await tx.insert(phoneCodeEvents).values({ phone, kind: 'failed', userId, createdAt: now });
      return fail(PHONE_MESSAGES.codeInvalid);
    }
    await tx.delete(phoneCodes).where(eq(phoneCodes.userId, userId));
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, phone), isNotNull(users.phoneVerifiedAt), ne(users.id, userId)));
    if (other) {
      return { ok: false, error: new AppError('CONFLICT', PHONE_MESSAGES.takenElsewhere) };
    }
    // Only while the profile still holds the number the code went to: a change landing during
    // this check (it clears the check, decision 008) must not leave the new number verified.
    const verified = await tx
      .update(users)
      .set({ phoneVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.phone, phone)))
      .returning({ id: users.id });
    if (verified.length === 0) return fail(PHONE_MESSAGES.codeExpired);
    return { ok: true };
  });
  if (!outcome.ok) throw outcome.error;
}
