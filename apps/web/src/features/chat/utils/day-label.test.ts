import { describe, expect, it } from 'vitest';
import { dayKey, dayLabel, formatDayDate } from './day-label';

// Explicit instants and zones: the suite means the same under any TZ the machine runs in.
const at = (iso: string) => Date.parse(iso);

describe('dayLabel', () => {
  const now = at('2026-11-21T13:00:00Z'); // Sat 21 Nov 2026, 6:30 pm in Bengaluru

  it('calls the same Bengaluru day Today', () => {
    expect(dayLabel(at('2026-11-20T18:30:00Z'), now)).toBe('Today'); // 00:00 IST on the 21st
    expect(dayLabel(at('2026-11-21T12:59:00Z'), now)).toBe('Today');
  });

  it('calls the Bengaluru day before Yesterday, even when UTC still says today', () => {
    // 23:59 IST on the 20th is 18:29 UTC on the 20th; 5:30 am IST on the 21st is the 21st in UTC.
    expect(dayLabel(at('2026-11-20T18:29:00Z'), now)).toBe('Yesterday');
    expect(dayLabel(at('2026-11-19T18:30:00Z'), now)).toBe('Yesterday');
  });

  it('dates anything older with weekday, day, month and year', () => {
    expect(dayLabel(at('2026-11-19T10:00:00Z'), now)).toBe('Thu, 19 Nov 2026');
    expect(dayLabel(at('2025-09-02T10:00:00Z'), now)).toBe('Tue, 2 Sep 2025');
  });

  it('moves from Today to Yesterday at Bengaluru midnight, not UTC midnight', () => {
    const sent = at('2026-11-21T10:00:00Z');
    expect(dayLabel(sent, at('2026-11-21T18:29:59Z'))).toBe('Today');
    expect(dayLabel(sent, at('2026-11-21T18:30:00Z'))).toBe('Yesterday');
  });

  it('counts a message slightly ahead of this clock (server time) as Today', () => {
    expect(dayLabel(at('2026-11-21T18:30:05Z'), at('2026-11-21T18:29:59Z'))).toBe('Today');
  });

  it('crosses month and year ends', () => {
    expect(dayLabel(at('2026-12-31T12:00:00Z'), at('2027-01-01T06:00:00Z'))).toBe('Yesterday');
    expect(dayLabel(at('2026-02-28T12:00:00Z'), at('2026-03-01T06:00:00Z'))).toBe('Yesterday');
  });

  it('follows another zone when asked', () => {
    // 03:00 UTC on the 21st is still the 20th in New York.
    const nyNow = at('2026-11-21T15:00:00Z');
    expect(dayLabel(at('2026-11-21T03:00:00Z'), nyNow, 'America/New_York')).toBe('Yesterday');
    expect(dayLabel(at('2026-11-21T03:00:00Z'), nyNow)).toBe('Today');
  });
});

describe('dayKey', () => {
  it('groups by the Bengaluru calendar date', () => {
    expect(dayKey(at('2026-11-20T18:29:59Z'))).toBe('2026-11-20');
    expect(dayKey(at('2026-11-20T18:30:00Z'))).toBe('2026-11-21');
  });

  it('is equal exactly when the labels are, over a sweep of instants', () => {
    const now = at('2026-11-21T13:00:00Z');
    for (let ms = at('2026-11-15T00:00:00Z'); ms <= now; ms += 37 * 60_000) {
      const next = ms + 37 * 60_000;
      if (next > now) break;
      expect(dayKey(ms) === dayKey(next)).toBe(dayLabel(ms, now) === dayLabel(next, now));
    }
  });
});

describe('formatDayDate', () => {
  it('writes the Bengaluru date', () => {
    expect(formatDayDate(at('2026-11-18T19:00:00Z'))).toBe('Thu, 19 Nov 2026');
  });
});
