import { describe, expect, it } from 'vitest';
import { formatDistance } from './format-distance';

describe('formatDistance', () => {
  it.each([
    [0, '0 m'],
    [850, '850 m'],
    [849.6, '850 m'],
    [999, '999 m'],
    [999.6, '1.0 km'],
    [1000, '1.0 km'],
    [3420, '3.4 km'],
    [3460, '3.5 km'],
    [41_250, '41.3 km'],
  ])('shows %d m as %j', (metres, expected) => {
    expect(formatDistance(metres)).toBe(expected);
  });

  it('never shows a negative distance', () => {
    expect(formatDistance(-5)).toBe('0 m');
  });
});
