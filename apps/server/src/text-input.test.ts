import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRide, rideBody } from './test/ride-factory';
import { createTestApp, type SignedUpUser, type TestApp } from './test/test-app';

let t: TestApp;
let rider: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  rider = await t.signUp();
});
afterAll(() => t.close());

const NUL = '\u0000';

/**
 * PostgreSQL refuses the NUL character; before the shared text rules it reached the database and
 * answered 500 on every route below. Each must now answer 400 naming the field.
 */
describe('control characters in text fields', () => {
  const cases = (): [string, string, string, object, string][] => {
    const ride = rideBody(t);
    return [
      ['POST', '/api/user/login', 'email', { email: `a${NUL}@x.com`, password: 'secret1' }, ''],
      ['POST', '/api/otp/generate', 'email', { email: `b${NUL}@example.com` }, ''],
      [
        'POST',
        '/api/user/create',
        'firstName',
        {
          firstName: `Asha${NUL}`,
          lastName: 'Rao',
          email: 'c@example.com',
          password: 'secret123',
          verificationToken: 'abc',
        },
        '',
      ],
      [
        'POST',
        '/api/user/create',
        'lastName',
        {
          firstName: 'Asha',
          lastName: `R${NUL}ao`,
          email: 'c@example.com',
          password: 'secret123',
          verificationToken: 'abc',
        },
        '',
      ],
      ['PUT', `/api/user/${rider.id}`, 'firstName', { firstName: `A${NUL}` }, rider.token],
      ['PUT', `/api/user/${rider.id}`, 'lastName', { lastName: `\u0007Rao` }, rider.token],
      [
        'POST',
        '/api/ride-request/create',
        'destination.name',
        { ...ride, destination: { ...ride.destination, name: `Kora${NUL}mangala` } },
        rider.token,
      ],
      [
        'POST',
        '/api/ride-request/create',
        'source.name',
        { ...ride, source: { ...ride.source, name: `Terminal${NUL}` } },
        rider.token,
      ],
      [
        'POST',
        '/api/support',
        'subject',
        { subject: `Help${NUL}`, description: 'Please help' },
        rider.token,
      ],
      [
        'POST',
        '/api/support',
        'description',
        { subject: 'Help', description: `line one\n${NUL}` },
        rider.token,
      ],
      ['GET', `/api/places/search?q=kor%00a`, 'q', {}, ''],
    ];
  };

  it('answers 400 naming the field, never 500', async () => {
    const ride = await createRide(t, rider, { minutesAhead: 600 });
    const update = rideBody(t, { minutesAhead: 600 });
    const all = [
      ...cases(),
      [
        'PUT',
        `/api/ride-request/update/${ride._id}`,
        'destination.name',
        { ...update, destination: { ...update.destination, name: `Kora${NUL}` } },
        rider.token,
      ] as [string, string, string, object, string],
    ];
    for (const [method, url, field, payload, token] of all) {
      const res = await t.request({
        method: method as 'POST',
        url,
        ...(method === 'GET' ? {} : { payload }),
        token: token || undefined,
      });
      expect(res.statusCode, `${method} ${url} ${field}`).toBe(400);
      expect(res.json(), `${method} ${url}`).toMatchObject({
        statusCode: 400,
        field,
        message: expect.stringMatching(/contains characters that are not allowed|valid email/),
      });
    }
  });

  it('keeps tabs and newlines where a text spans lines', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/support',
      token: rider.token,
      payload: { subject: 'Lost bag', description: 'Left it in the cab.\n\tBlue, small.' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().entities[0].description).toBe('Left it in the cab.\n\tBlue, small.');
  });

  it('checks the login e-mail like every other e-mail', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'not-an-email', password: 'whatever' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'email',
      message: 'Please enter a valid email address',
    });
  });
});

describe('bidi controls in text fields', () => {
  const RLO = '\u202E';

  it('are dropped before a name, a place or a ticket is stored', async () => {
    // A rider of their own: the one above already has an open ride.
    const rider = await t.signUp();
    const named = await t.request({
      method: 'PUT',
      url: `/api/user/${rider.id}`,
      token: rider.token,
      payload: { firstName: `${RLO}nimda`, lastName: '\u2068Rao\u2069' },
    });
    expect(named.statusCode).toBe(200);
    expect(named.json().entities[0]).toMatchObject({ firstName: 'nimda', lastName: 'Rao' });

    const body = rideBody(t, { minutesAhead: 700 });
    const ride = await t.request({
      method: 'POST',
      url: '/api/ride-request/create',
      token: rider.token,
      payload: { ...body, destination: { ...body.destination, name: `\u202DKora${RLO}mangala` } },
    });
    expect(ride.statusCode).toBe(201);
    const stored = await t.database.db.execute(
      sql`select place_name from ride_requests where id = ${ride.json().entities[0]._id}`,
    );
    expect((stored as unknown as { rows: unknown[] }).rows).toEqual([
      { place_name: 'Koramangala' },
    ]);

    const ticket = await t.request({
      method: 'POST',
      url: '/api/support',
      token: rider.token,
      payload: { subject: `${RLO}`, description: 'Hello' },
    });
    expect(ticket.statusCode).toBe(400);
    expect(ticket.json()).toMatchObject({ field: 'subject', message: 'Subject is required' });
  });
});
