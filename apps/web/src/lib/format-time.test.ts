import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatTripTime,
  fromKolkataInputValue,
  toKolkataInputValue,
} from './format-time';

// Every expectation passes explicit instants and zones, so the suite means the same under any
// TZ the machine runs in (try TZ=America/New_York npx vitest run …).
const at = (iso: string) => Date.parse(iso);

describe('toKolkataInputValue', () => {
  it('shows Bengaluru wall time, 5 h 30 min ahead of UTC', () => {
    expect(toKolkataInputValue(at('2026-11-21T13:00:00Z'))).toBe('2026-11-21T18:30');
  });

  it('crosses midnight into the next Bengaluru day', () => {
    expect(toKolkataInputValue(at('2026-12-31T18:45:00Z'))).toBe('2027-01-01T00:15');
  });

  it('writes midnight as 00, never 24', () => {
    expect(toKolkataInputValue(at('2026-03-01T18:30:00Z'))).toBe('2026-03-02T00:00');
  });

  it('follows another zone when asked, daylight saving included', () => {
    expect(toKolkataInputValue(at('2026-07-01T12:00:00Z'), 'America/New_York')).toBe(
      '2026-07-01T08:00',
    );
    expect(toKolkataInputValue(at('2026-01-15T12:00:00Z'), 'America/New_York')).toBe(
      '2026-01-15T07:00',
    );
  });
});

describe('fromKolkataInputValue', () => {
  it('reads the input as Bengaluru wall time', () => {
    expect(fromKolkataInputValue('2026-11-21T18:30')).toBe(at('2026-11-21T13:00:00Z'));
  });

  it('accepts the seconds some browsers add', () => {
    expect(fromKolkataInputValue('2026-11-21T18:30:15')).toBe(at('2026-11-21T13:00:15Z'));
  });

  it('reads early-morning times as the previous UTC day', () => {
    expect(fromKolkataInputValue('2027-01-01T00:15')).toBe(at('2026-12-31T18:45:00Z'));
  });

  it('handles daylight saving in zones that have it', () => {
    expect(fromKolkataInputValue('2026-07-01T08:00', 'America/New_York')).toBe(
      at('2026-07-01T12:00:00Z'),
    );
    expect(fromKolkataInputValue('2026-01-15T07:00', 'America/New_York')).toBe(
      at('2026-01-15T12:00:00Z'),
    );
  });

  it.each([
    '',
    'tomorrow',
    '2026-02-30T10:00',
    '2026-13-01T10:00',
    '2026-01-01T24:00',
    '2026-01-01T10:60',
  ])('returns null for %j', (value) => {
    expect(fromKolkataInputValue(value)).toBeNull();
  });

  it('round-trips any minute in Asia/Kolkata and America/New_York', () => {
    let seed = 42;
    const random = () => {
      // A small LCG: the same sequence every run, so a failure can be replayed.
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const start = at('2024-01-01T00:00:00Z');
    const span = 4 * 365 * 24 * 60;
    for (let i = 0; i < 500; i += 1) {
      const ms = start + Math.floor(random() * span) * 60_000;
      expect(fromKolkataInputValue(toKolkataInputValue(ms))).toBe(ms);
      const newYork = toKolkataInputValue(ms, 'America/New_York');
      // In the autumn hour that happens twice either instant is right; both must show the same.
      const back = fromKolkataInputValue(newYork, 'America/New_York');
      expect(back).not.toBeNull();
      expect(toKolkataInputValue(back!, 'America/New_York')).toBe(newYork);
    }
  });
});

describe('formatTripTime', () => {
  it.each([
    ['2026-11-21T13:00:00Z', 'Sat, 21 Nov 2026, 6:30 pm'],
    ['2026-09-07T03:35:00Z', 'Mon, 7 Sep 2026, 9:05 am'],
    ['2026-06-14T18:30:00Z', 'Mon, 15 Jun 2026, 12:00 am'],
    ['2026-06-15T06:30:00Z', 'Mon, 15 Jun 2026, 12:00 pm'],
  ])('formats %s as %j', (iso, expected) => {
    expect(formatTripTime(at(iso))).toBe(expected);
  });

  it('formats in another zone when asked', () => {
    expect(formatTripTime(at('2026-11-21T13:00:00Z'), 'UTC')).toBe('Sat, 21 Nov 2026, 1:00 pm');
  });
});

describe('formatDate and formatDateTime', () => {
  it('give the calendar day and clock in Asia/Kolkata, from epoch ms or ISO', () => {
    const iso = '2026-09-05T20:15:00Z'; // 6 Sep, 1:45 am in Bengaluru
    expect(formatDate(iso)).toBe('6 Sep 2026');
    expect(formatDateTime(iso)).toBe('6 Sep 2026, 1:45 am');
    expect(formatDateTime(Date.parse(iso), 'UTC')).toBe('5 Sep 2026, 8:15 pm');
  });
});
