/** Business constants of spec section 9, shared by server and web. */
export const PASSWORD_MIN_LENGTH = 6;
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 30;
/** Codes mailed to one address in a rolling hour (so nobody's mailbox can be flooded). */
export const OTP_MAX_CODES_PER_HOUR = 5;
/** Wrong codes per address and purpose in a rolling hour, across every code sent. */
export const OTP_MAX_FAILURES_PER_HOUR = 10;
export const VERIFICATION_TOKEN_TTL_MINUTES = 15;

export const NAME_MAX_LENGTH = 60;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 128;

export const SUPPORT_SUBJECT_MAX_LENGTH = 150;
export const SUPPORT_DESCRIPTION_MAX_LENGTH = 5000;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
/**
 * A rating can be changed this long after it was given (a mis-tap corrected), not later: a rider
 * who sees their own average fall must not be able to answer in kind weeks on.
 */
export const RATING_CHANGE_HOURS = 24;

export const HEALTH_RETRY_MS = 60_000;
