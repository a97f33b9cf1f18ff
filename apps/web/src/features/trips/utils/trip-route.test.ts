import { describe, expect, it } from 'vitest';
import type { Cab } from '@aeropool/contract/rides';
import { cabText, fareText, fitText } from './trip-route';

describe('fareText', () => {
  it('shows the rider’s own share, the solo fare and the saving, in Indian digit grouping', () => {
    expect(fareText({ solo: 1103, sharedPerPerson: 585 }, 518)).toBe(
      'Fare estimate: you pay ₹585 shared vs ₹1,103 solo, saving ₹518',
    );
  });
});

describe('fitText', () => {
  const reachesAt = Date.parse('2026-11-24T16:15:00+05:30');

  it('says when the cab reaches the rider (Asia/Kolkata), their place in the order and the detour', () => {
    expect(
      fitText(
        { saving: 500, extraMinutes: 4, position: 2, riders: 2, reachesAt },
        'pickup',
        reachesAt,
      ),
    ).toBe('Cab reaches you ~4:15 pm · picked up second · +4 min for you');
    expect(
      fitText(
        { saving: 500, extraMinutes: 0, position: 1, riders: 2, reachesAt },
        'drop',
        reachesAt,
      ),
    ).toBe('Cab reaches you ~4:15 pm · dropped first · no detour for you');
  });

  it('names the day when the cab comes on another day than the rider’s own trip (IST)', () => {
    const ownTime = Date.parse('2026-11-22T00:10:00+05:30');
    const nightBefore = Date.parse('2026-11-21T23:58:00+05:30');
    const fit = { saving: 500, extraMinutes: 2, position: 1, riders: 2, reachesAt: nightBefore };
    expect(fitText(fit, 'pickup', ownTime)).toBe(
      'Cab reaches you ~11:58 pm on Sat, 21 Nov · picked up first · +2 min for you',
    );
    // Same day in Bengaluru though not in UTC (00:10 IST is 18:40 UTC the day before).
    expect(fitText({ ...fit, reachesAt: ownTime + 5 * 60_000 }, 'pickup', ownTime)).toBe(
      'Cab reaches you ~12:15 am · picked up first · +2 min for you',
    );
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
