// Report reasons, limits and texts, free of zod: the pages that offer Report import them from
// here; the report form loads the schema when used (issue 7). safety.ts re-exports them.

/** Why a rider reports another (issue 8); the first is the form's default. */
export const REPORT_REASONS = [
  'Harassment',
  'Unsafe behaviour',
  'No-show',
  'Fake profile',
  'Other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_DESCRIPTION_MAX_LENGTH = 2000;
export const SUSPENSION_REASON_MAX_LENGTH = 500;
/** Open reports from this many different riders hide a rider from potential matches until reviewed. */
export const REPORTS_TO_HIDE = 3;

export const SAFETY_MESSAGES = {
  blocked: (name: string) => `${name} is blocked. You will not see each other again.`,
  unblocked: (name: string) => `${name} is unblocked.`,
  cannotBlockSelf: 'You cannot block yourself.',
  riderNotFound: 'Rider not found.',
  blockedPair: 'You cannot match with this rider.',
  reportNotAllowed:
    'You can only report a rider you have been matched with or who has sent you a match request.',
  reported: (reference: string) =>
    `Thanks for telling us. Your report ${reference} is with our team, and this rider is blocked.`,
} as const;

/** What a suspended rider sees when signing in: the reason and where to write. */
export const suspendedMessage = (reason: string, supportEmail: string) => {
  // The desk's reason is a sentence or a few words ("Harassment reports"): it ends in one stop.
  const sentence = /[.!?]$/u.test(reason.trim()) ? reason.trim() : `${reason.trim()}.`;
  return `Your account is suspended: ${sentence} If you think this is a mistake, write to ${supportEmail}.`;
};
