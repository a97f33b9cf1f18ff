import { describe, expect, it } from 'vitest';
import { inMinutes } from './limits';

describe('inMinutes', () => {
  it('rounds a wait up to whole minutes, one at least, and says "minute" for one', () => {
    expect(inMinutes(1)).toBe('1 minute');
    expect(inMinutes(60)).toBe('1 minute');
    expect(inMinutes(61)).toBe('2 minutes');
    expect(inMinutes(3600)).toBe('60 minutes');
  });
});
