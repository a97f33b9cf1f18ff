import { TIME_ZONE } from '@aeropool/contract/product';

/**
 * Ride times are epoch milliseconds; riders read and enter them as Bengaluru wall-clock time
 * whatever zone the browser is in. Conversions go through Intl, never a fixed offset, so a
 * change of zone rules or a zone other than Asia/Kolkata still converts correctly.
 */

type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

const wallTimeFormats = new Map<string, Intl.DateTimeFormat>();

function wallTimeFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    wallTimeFormats.set(timeZone, format);
  }
  return format;
}

function toWallTime(ms: number, timeZone: string): WallTime {
  const parts = wallTimeFormat(timeZone).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  // Some engines still print midnight as 24 under h23; it is the same instant as 0.
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
  };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** Epoch ms → the `YYYY-MM-DDTHH:mm` string a datetime-local input shows, in the given zone. */
export function toKolkataInputValue(ms: number, timeZone: string = TIME_ZONE): string {
  const wall = toWallTime(ms, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

const INPUT_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * A datetime-local string read as wall-clock time in the given zone → epoch ms, or null when the
 * string is empty or not a real date and time.
 */
export function fromKolkataInputValue(value: string, timeZone: string = TIME_ZONE): number | null {
  const match = INPUT_PATTERN.exec(value.trim());
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1, 7)
    .map((group) => Number(group ?? 0));
  const wanted = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wanted);
  // Date.UTC rolls 31 Feb into March and 25:00 into the next day; the input never should.
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;

  // The zone's offset at a guess, applied twice so a guess on the far side of a change settles.
  let guess = wanted;
  for (let step = 0; step < 2; step += 1) {
    const wall = toWallTime(guess, timeZone);
    const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
    const offset = wallAsUtc - Math.floor(guess / 60_000) * 60_000;
    guess = wanted - offset;
  }
  return guess;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar and clock parts of an instant in a zone (default Asia/Kolkata). */
export function dateTimeParts(ms: number, timeZone: string = TIME_ZONE) {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    // en-US parts: en-GB now abbreviates September as 'Sept' in some engines.
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
    dateTimeFormats.set(timeZone, format);
  }
  // Assembled from parts: engines and locales differ in order, commas and 'pm' versus 'PM'.
  const parts = format.formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: part('weekday'),
    day: part('day'),
    month: part('month'),
    year: part('year'),
    /** '6:30 pm' */
    clock: `${Number(part('hour')) % 12 || 12}:${part('minute')} ${part('dayPeriod').toLowerCase()}`,
  };
}

/** Epoch ms → 'Sat, 21 Nov 2026, 6:30 pm' in the given zone (default Asia/Kolkata). */
export function formatTripTime(ms: number, timeZone: string = TIME_ZONE): string {
  const p = dateTimeParts(ms, timeZone);
  return `${p.weekday}, ${p.day} ${p.month} ${p.year}, ${p.clock}`;
}

/** Epoch ms or ISO → '21 Nov 2026' in the given zone (default Asia/Kolkata). */
export function formatDate(at: number | string, timeZone: string = TIME_ZONE): string {
  const p = dateTimeParts(new Date(at).getTime(), timeZone);
  return `${p.day} ${p.month} ${p.year}`;
}

/** Epoch ms or ISO → '21 Nov 2026, 6:30 pm' in the given zone (default Asia/Kolkata). */
export function formatDateTime(at: number | string, timeZone: string = TIME_ZONE): string {
  const p = dateTimeParts(new Date(at).getTime(), timeZone);
  return `${p.day} ${p.month} ${p.year}, ${p.clock}`;
}
