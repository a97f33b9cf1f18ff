import { describe, expect, it } from 'vitest';
import type { Cab } from '@aeropool/contract/rides';
import { cabText, fareText, fitText } from './trip-route';

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

describe('cabText', () => {
  const rider = (firstName: string, lastName: string) =>
    ({ rider: { firstName, lastName } }) as Cab['riders'][number];

  it('names the riders in the cab and the room left, singular and plural', () => {
    expect(
      cabText({
        matchId: 'm',
        riders: [rider('Asha', 'K.'), rider('Ravi', 'S.')],
        seatsLeft: 1,
        bagsLeft: 2,
      }),
    ).toBe('Cab with Asha K. and Ravi S. · room for 1 seat and 2 bags');
    expect(
      cabText({ matchId: 'm', riders: [rider('Asha', 'K.')], seatsLeft: 2, bagsLeft: 1 }),
    ).toBe('Cab with Asha K. · room for 2 seats and 1 bag');
  });
});
