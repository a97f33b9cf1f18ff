import { describe, expect, it } from 'vitest';
import { formatMemberSince } from './format-member-since';

describe('formatMemberSince', () => {
  it('gives the month and year', () => {
    expect(formatMemberSince('2026-11-15T10:00:00.000Z')).toBe('November 2026');
  });

  it('uses the month in Asia/Kolkata, not UTC', () => {
    // 20:00 UTC on 31 October is 01:30 on 1 November in Bengaluru.
    expect(formatMemberSince('2026-10-31T20:00:00.000Z')).toBe('November 2026');
    expect(formatMemberSince('2026-12-31T18:30:00.000Z')).toBe('January 2027');
  });

  it('shows a dash for a missing date instead of "Invalid Date"', () => {
    expect(formatMemberSince('not a date')).toBe('—');
  });
});
