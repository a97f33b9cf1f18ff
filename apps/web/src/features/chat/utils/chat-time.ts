import { TIME_ZONE } from '@aeropool/contract/product';

const formats = new Map<string, Intl.DateTimeFormat>();

function partsOf(ms: number, timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  // Assembled from parts: engines differ in order, commas and 'pm' versus 'PM'.
  const clock = `${Number(part('hour')) % 12 || 12}:${part('minute')} ${part('dayPeriod').toLowerCase()}`;
  return {
    weekday: part('weekday'),
    day: part('day'),
    month: part('month'),
    year: part('year'),
    clock,
  };
}

/** '6:30 pm' in Bengaluru: the time under each message. */
export function formatMessageTime(ms: number, timeZone: string = TIME_ZONE): string {
  return partsOf(ms, timeZone).clock;
}

/**
 * 'Sat, 21 Nov, 6:30 pm' for the chat header; the year is added only when it is not the current
 * one, so a trip booked across New Year still reads unambiguously.
 */
export function formatTripMoment(ms: number, nowMs: number, timeZone: string = TIME_ZONE): string {
  const trip = partsOf(ms, timeZone);
  const year = trip.year === partsOf(nowMs, timeZone).year ? '' : ` ${trip.year}`;
  return `${trip.weekday}, ${trip.day} ${trip.month}${year}, ${trip.clock}`;
}
