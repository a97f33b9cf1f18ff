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
  const at = (clock: string) => Date.parse(`2026-11-24T${clock}:00+05:30`);
  const fit = { saving: 500, extraMinutes: 0, waitMinutes: 0, position: 1, riders: 2 };

  it('from the airport: when the cab leaves, when it drops the rider, and how much later than alone', () => {
    // At the kerb at 4:00 pm; the co-rider lands at 4:15 pm; dropped first at 5:57 pm.
    expect(
      fitText(
        { ...fit, waitMinutes: 15, leavesAt: at('16:15'), reachesAt: at('17:57') },
        'drop',
        at('16:00'),
      ),
    ).toBe(
      'Cab leaves the airport ~4:15 pm · dropped first ~5:57 pm · +15 min for you, incl. 15 min wait',
    );
    expect(
      fitText(
        { ...fit, extraMinutes: 6, position: 2, leavesAt: at('16:00'), reachesAt: at('17:48') },
        'drop',
        at('16:00'),
      ),
    ).toBe('Cab leaves the airport ~4:00 pm · dropped second ~5:48 pm · +6 min for you');
    expect(
      fitText({ ...fit, leavesAt: at('16:00'), reachesAt: at('17:42') }, 'drop', at('16:00')),
    ).toBe('Cab leaves the airport ~4:00 pm · dropped first ~5:42 pm · no later than riding alone');
  });

  it('to the airport: when the cab collects the rider against their own time, and the detour', () => {
    expect(
      fitText(
        { ...fit, extraMinutes: 4, position: 2, leavesAt: at('15:30'), reachesAt: at('15:45') },
        'pickup',
        at('16:00'),
      ),
    ).toBe(
      'Cab collects you ~3:45 pm, 15 min before your time · picked up second · +4 min for you',
    );
    expect(
      fitText({ ...fit, leavesAt: at('16:07'), reachesAt: at('16:07') }, 'pickup', at('16:00')),
    ).toBe(
      'Cab collects you ~4:07 pm, 7 min after your time · picked up first · no detour for you',
    );
  });

  it('names the day when the cab comes on another day than the rider’s own trip (IST)', () => {
    const ownTime = Date.parse('2026-11-22T00:10:00+05:30');
    const nightBefore = Date.parse('2026-11-21T23:58:00+05:30');
    const pickup = { ...fit, extraMinutes: 2, leavesAt: nightBefore, reachesAt: nightBefore };
    expect(fitText(pickup, 'pickup', ownTime)).toBe(
      'Cab collects you ~11:58 pm on Sat, 21 Nov, 12 min before your time · picked up first · +2 min for you',
    );
    // Same day in Bengaluru though not in UTC (00:10 IST is 18:40 UTC the day before).
    const later = ownTime + 5 * 60_000;
    expect(fitText({ ...pickup, leavesAt: later, reachesAt: later }, 'pickup', ownTime)).toBe(
      'Cab collects you ~12:15 am, 5 min after your time · picked up first · +2 min for you',
    );
    // From the airport late at night: dropped after midnight.
    const kerb = Date.parse('2026-11-21T23:30:00+05:30');
    expect(
      fitText({ ...fit, leavesAt: kerb, reachesAt: ownTime + 35 * 60_000 }, 'drop', kerb),
    ).toBe(
      'Cab leaves the airport ~11:30 pm · dropped first ~12:45 am on Sun, 22 Nov · no later than riding alone',
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
