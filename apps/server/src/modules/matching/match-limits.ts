import { inMinutes, type LimitRule } from '../../plugins/limits';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Match requests one rider may send an hour: a person looking for a co-rider needs a handful. */
export const matchRequestsPerRider: LimitRule = {
  name: 'match-requests-rider',
  max: 30,
  windowMs: HOUR_MS,
  message: (seconds) =>
    `You have sent many match requests in the last hour. Please try again in ${inMinutes(seconds)}.`,
};

/**
 * Mails about match requests are a courtesy, so past these limits the request still goes through
 * (the recipient sees it in My Trips) but no mail is sent: sending and withdrawing in a loop must
 * not turn our mail into a weapon. One mail per pair of rides per 10 minutes, and a few an hour to
 * any one rider.
 */
export const matchMailsPerPair: LimitRule = {
  name: 'match-mail-pair',
  max: 1,
  windowMs: 10 * MINUTE_MS,
};

export const matchMailsPerRecipient: LimitRule = {
  name: 'match-mail-recipient',
  max: 10,
  windowMs: HOUR_MS,
};
