import { TIME_ZONE } from '@aeropool/contract/product';

/**
 * Day separators of the chat (spec §2) follow the Bengaluru calendar whatever zone the browser
 * is in: 'Today', 'Yesterday', then 'Thu, 19 Nov 2026'.
 */

type CalendarDate = { year: number; month: number; day: number };

const DAY_MS = 86_400_000;
const calendarFormats = new Map<string, Intl.DateTimeFormat>();
const labelFormats = new Map<string, Intl.DateTimeFormat>();

function cached(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) {
    // en-US parts: en-GB abbreviates September as 'Sept' in some engines.
    format = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    cache.set(timeZone, format);
  }
  return format;
}

function calendarDate(ms: number, timeZone: string): CalendarDate {
  const parts = cached(calendarFormats, timeZone, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

const dayNumber = ({ year, month, day }: CalendarDate) =>
  Math.round(Date.UTC(year, month - 1, day) / DAY_MS);

/** 'YYYY-MM-DD' of the instant in the zone: messages with the same key share a separator. */
export function dayKey(ms: number, timeZone: string = TIME_ZONE): string {
  const { year, month, day } = calendarDate(ms, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 'Thu, 19 Nov 2026' in the zone. */
export function formatDayDate(ms: number, timeZone: string = TIME_ZONE): string {
  const parts = cached(labelFormats, timeZone, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`;
}

/**
 * The separator text for a message sent at `ms`, seen at `nowMs`. A message a little ahead of
 * this device's clock (the server's time) still counts as today.
 */
export function dayLabel(ms: number, nowMs: number, timeZone: string = TIME_ZONE): string {
  const daysAgo = dayNumber(calendarDate(nowMs, timeZone)) - dayNumber(calendarDate(ms, timeZone));
  if (daysAgo <= 0) return 'Today';
  if (daysAgo === 1) return 'Yesterday';
  return formatDayDate(ms, timeZone);
}
