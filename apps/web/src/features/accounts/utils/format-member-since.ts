import { TIME_ZONE } from '@aeropool/contract/product';

const monthAndYear = new Intl.DateTimeFormat('en-IN', {
  month: 'long',
  year: 'numeric',
  timeZone: TIME_ZONE,
});

/** "November 2026": the month is the one in Bengaluru, whatever the browser's own zone. */
export function formatMemberSince(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? '—' : monthAndYear.format(date);
}
