import type { Config } from '../../config';
import { inMinutes, type LimitRule } from '../../plugins/limits';

const HOUR_MS = 3_600_000;

/**
 * OTP codes one address may have mailed per hour, whatever the e-mails: with 5 codes an hour
 * per e-mail (otp-service) this stops one address from mailing many strangers. Scales with
 * RATE_LIMIT_AUTH_PER_MINUTE (30 an hour at its default of 10).
 */
export const otpCodesPerAddress = (config: Config): LimitRule => ({
  name: 'otp-codes-ip',
  max: config.RATE_LIMIT_AUTH_PER_MINUTE * 3,
  windowMs: HOUR_MS,
  message: (seconds) =>
    `Too many codes requested from this network. Please try again in ${inMinutes(seconds)}.`,
});
