import { describe, expect, it } from 'vitest';
import type { RideRequest } from '@aeropool/contract/rides';
import type { Place } from '@aeropool/contract/places';
import { formValuesFrom, toRideRequestBody } from './ride-request-form';

const koramangala: Place = {
  name: 'Koramangala',
  latitude: 12.9352,
  longitude: 77.6245,
  encodedString: 'abc',
};

describe('toRideRequestBody', () => {
  it('sends a drop from the chosen terminal to the place, time read as Bengaluru time', () => {
    const body = toRideRequestBody(
      { direction: 'drop', terminalId: 'T2', place: koramangala, time: '2026-11-21T18:30' },
      'rider-1',
    );
    expect(body).toEqual({
      source: { name: 'Terminal 2', latitude: 13.1989, longitude: 77.7068, encodedString: '' },
      destination: {
        name: 'Koramangala',
        latitude: 12.9352,
        longitude: 77.6245,
        encodedString: '',
      },
      timeOfTravel: Date.parse('2026-11-21T13:00:00Z'),
      rider: 'rider-1',
    });
  });

  it('sends no route back: the server works it out, and a long stored one must not fail the form', () => {
    const longRoute = { ...koramangala, encodedString: '?'.repeat(25_000) };
    const body = toRideRequestBody(
      { direction: 'drop', terminalId: 'T1', place: longRoute, time: '2026-11-21T18:30' },
      'rider-1',
    );
    expect(body?.destination.encodedString).toBe('');
  });

  it('reverses the ends for a pickup', () => {
    const body = toRideRequestBody(
      { direction: 'pickup', terminalId: 'T1', place: koramangala, time: '2026-11-21T18:30' },
      'rider-1',
    );
    expect(body?.source.name).toBe('Koramangala');
    expect(body?.destination.name).toBe('Terminal 1');
  });

  it.each([
    { place: null, time: '2026-11-21T18:30' },
    { place: koramangala, time: '' },
  ])('refuses a form missing a field', ({ place, time }) => {
    expect(toRideRequestBody({ direction: 'drop', terminalId: 'T1', place, time }, 'r')).toBeNull();
  });
});

describe('formValuesFrom', () => {
  it('pre-fills an edit with the terminal, the city end and the Bengaluru time', () => {
    const request = {
      _id: 'req-1',
      rider: { _id: 'r', firstName: 'A', lastName: 'B', email: 'a@b.c' },
      source: { name: 'Indiranagar', latitude: 12.97, longitude: 77.64, encodedString: 'xyz' },
      destination: { name: 'Terminal 2', latitude: 13.1989, longitude: 77.7068, encodedString: '' },
      timeOfTravel: Date.parse('2026-12-31T18:45:00Z'),
      status: 'Active',
      direction: 'pickup',
      seats: 1,
      bags: 1,
    } satisfies RideRequest;
    expect(formValuesFrom(request)).toEqual({
      direction: 'pickup',
      terminalId: 'T2',
      place: request.source,
      time: '2027-01-01T00:15',
    });
  });
});
