import { OTP_RESEND_SECONDS } from '@aeropool/contract/limits';
import { AppError } from '../../lib/app-error';
import { inMinutes } from '../../plugins/limits';

const HOUR_MS = 3_600_000;

/**
 * Rules shared by the e-mail OTP and the SMS code (decision 003): one code per 30 s, and the
 * rolling-hour limits with a 429 that says when to try again.
 */
export function assertResendAllowed(lastSentAt: Date | undefined, now: Date, noun: string) {
  const elapsedMs = lastSentAt ? now.getTime() - lastSentAt.getTime() : Infinity;
  if (elapsedMs >= OTP_RESEND_SECONDS * 1000) return;
  const secondsLeft = Math.max(1, Math.ceil(OTP_RESEND_SECONDS - elapsedMs / 1000));
  throw new AppError(
    'TOO_MANY_REQUESTS',
    `Please wait ${secondsLeft} seconds before requesting a new ${noun}.`,
    { retryAfterSeconds: secondsLeft },
  );
}

export function tooMany(message: string, retryAfterMs: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(
    'TOO_MANY_REQUESTS',
    `${message} Please try again in ${inMinutes(seconds)}.`,
    { retryAfterSeconds: seconds },
  );
}

/** A rolling hour's count, and how long until its oldest event leaves it. */
export function hourWindow(
  row: { n: number | string; oldest: Date | string | null } | undefined,
  now: Date,
) {
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : now.getTime();
  return { count: Number(row?.n ?? 0), retryAfterMs: oldest + HOUR_MS - now.getTime() };
}
