import { describe, expect, it } from 'vitest';
import type { RideRequest } from '@aeropool/contract/rides';
import { blockerMail } from '../safety/safety-mails';
import { matchRequestReceivedMail, SWITCH_OFF_LINE, tripMail } from './match-mails';

const ride = (firstName: string, email: string): RideRequest => ({
  _id: `ride-${firstName}`,
  rider: { _id: `user-${firstName}`, firstName, lastName: 'R.', email },
  source: { name: 'Koramangala', latitude: 12.93, longitude: 77.62, encodedString: '' },
  destination: { name: 'Terminal 1', latitude: 13.1991, longitude: 77.7105, encodedString: '' },
  timeOfTravel: Date.UTC(2026, 11, 1, 10),
  status: 'Active',
  direction: 'drop',
  seats: 1,
  bags: 1,
});

describe('trip mails', () => {
  it('say in both parts how to switch such mails off, and where to go, with or without a link', () => {
    for (const link of ['https://aeropool.example/dashboard', undefined]) {
      const mail = tripMail('a@example.com', 'AeroPool: hello', ['Hi Asha,'], link);
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain(SWITCH_OFF_LINE);
        expect(part).toContain('Open My Trips');
      }
    }
  });

  it('leave the line out of a confirmation of the rider’s own action', () => {
    const mail = blockerMail(ride('Asha', 'asha@example.com'), 'https://aeropool.example');
    expect(mail.text).not.toContain(SWITCH_OFF_LINE);
    expect(mail.html).not.toContain(SWITCH_OFF_LINE);
  });

  it('tell an ask to join a cab from a match request', () => {
    const [mine, theirs] = [ride('Asha', 'asha@example.com'), ride('Bina', 'bina@example.com')];
    const ask = matchRequestReceivedMail(mine, theirs, 84, undefined, { toCab: true });
    expect(ask.subject).toBe('AeroPool: “Bina” asks to join your cab');
    expect(ask.text).toContain('asks to join your shared cab (84% match)');
    expect(matchRequestReceivedMail(mine, theirs, 84).subject).toBe(
      'AeroPool: new match request from “Bina”',
    );
  });
});
