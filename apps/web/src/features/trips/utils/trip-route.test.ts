import { describe, expect, it } from 'vitest';
import { fareText, fitText } from './trip-route';

describe('fareText', () => {
  it('shows the rider’s own share, the solo fare and the saving, in Indian digit grouping', () => {
    expect(fareText({ solo: 1103, sharedPerPerson: 585 }, 518)).toBe(
      'You pay ₹585 shared vs ₹1,103 solo, saving ₹518',
    );
  });
});

describe('fitText', () => {
  const reachesAt = Date.parse('2026-11-24T16:15:00+05:30');

  it('says when the cab reaches the rider (Asia/Kolkata), their place in the order and the detour', () => {
    expect(
      fitText({ saving: 500, extraMinutes: 4, position: 2, riders: 2, reachesAt }, 'pickup'),
    ).toBe('Cab reaches you ~4:15 pm · picked up second · +4 min for you');
    expect(
      fitText({ saving: 500, extraMinutes: 0, position: 1, riders: 2, reachesAt }, 'drop'),
    ).toBe('Cab reaches you ~4:15 pm · dropped first · no detour for you');
  });
});
