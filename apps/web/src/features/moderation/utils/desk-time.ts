import { TIME_ZONE } from '@aeropool/contract/product';

const format = new Intl.DateTimeFormat('en-IN', {
  timeZone: TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** '23 Nov 2026, 4:57 pm', in Bengaluru time, for the desk's cases, replies and audit log. */
export const deskTime = (iso: string) => format.format(new Date(iso));
