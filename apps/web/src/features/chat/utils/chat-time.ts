import { TIME_ZONE } from '@aeropool/contract/product';
import { dateTimeParts } from '../../../lib/format-time';

/** '6:30 pm' in Bengaluru: the time under each message. */
export function formatMessageTime(ms: number, timeZone: string = TIME_ZONE): string {
  return dateTimeParts(ms, timeZone).clock;
}

/**
 * 'Sat, 21 Nov, 6:30 pm' for the chat header; the year is added only when it is not the current
 * one, so a trip booked across New Year still reads unambiguously.
 */
export function formatTripMoment(ms: number, nowMs: number, timeZone: string = TIME_ZONE): string {
  const trip = dateTimeParts(ms, timeZone);
  const year = trip.year === dateTimeParts(nowMs, timeZone).year ? '' : ` ${trip.year}`;
  return `${trip.weekday}, ${trip.day} ${trip.month}${year}, ${trip.clock}`;
}
