import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

describe('timeAgo', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it('reads recent times relative to now and older ones as an IST date', () => {
    expect(timeAgo('2026-11-23T11:59:40Z', now)).toBe('just now');
    expect(timeAgo('2026-11-23T11:55:00Z', now)).toBe('5 min ago');
    expect(timeAgo('2026-11-23T09:00:00Z', now)).toBe('3 h ago');
    expect(timeAgo('2026-11-20T12:00:00Z', now)).toBe('20 Nov, 5:30 pm');
  });
});
