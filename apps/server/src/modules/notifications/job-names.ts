/** pg-boss queue names of the notification jobs. */
export const JOB_NAMES = {
  reminders: 'trip-reminders',
  newRide: 'new-ride-alerts',
  noticeMail: 'notice-mail-retries',
  prune: 'notifications-prune',
  setOffAsks: 'set-off-cab-asks',
} as const;
