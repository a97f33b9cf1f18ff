import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRide, PLACES, sendMatch } from '../../test/ride-factory';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://aeropool.example' });
});
afterAll(() => t.close());

const preferencesOf = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/notifications/email-preferences', token })).json()
    .entities[0];

it('lets a mail app switch off a notice mail’s kind in one click, for that rider only', async () => {
  const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
  const rideA = await createRide(t, a, { minutesAhead: 600 });
  const rideB = await createRide(t, b, { minutesAhead: 600, place: PLACES.indiranagar });
  expect((await sendMatch(t, a, rideA._id, rideB._id)).statusCode).toBe(201);
  const mail = await t.mail.waitFor(b.email, (m) => /match request/i.test(m.subject));

  // RFC 8058's two headers; the link names the site, this rider and this kind.
  const unfolded = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
  expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  const link = /^List-Unsubscribe: <(https:\/\/aeropool\.example\/api\/[^>]+)>$/m.exec(
    unfolded,
  )?.[1];
  expect(link).toBeDefined();
  const url = new URL(link!);

  // Opening it (a link checker, a person) changes nothing: it leads to the page that asks.
  const opened = await t.request({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(opened.statusCode).toBe(303);
  expect(opened.headers.location).toBe(`/unsubscribe${url.search}`);
  // The mail itself links to that page, for mail apps that offer no Unsubscribe of their own.
  const text = mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  expect(text).toContain(`Stop these e-mails: https://aeropool.example/unsubscribe${url.search}`);
  expect((await preferencesOf(b.token))['match-request']).not.toBe(false);

  // The mail app's POST, as RFC 8058 has it.
  const clicked = await t.request({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
  expect(clicked.statusCode).toBe(200);
  expect(await preferencesOf(b.token)).toMatchObject({ 'match-request': false });
  expect((await preferencesOf(a.token))['match-request']).not.toBe(false);

  // A link made for B, altered to name A or another kind, does nothing.
  const token = url.searchParams.get('token')!;
  for (const forged of [
    token.replace(b.id, a.id),
    token.replace('match-request', 'trip-reminder'),
    'not-a-token',
  ]) {
    const refused = await t.request({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(forged)}`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This unsubscribe link is not valid.');
  }
  expect((await preferencesOf(a.token))['match-request']).not.toBe(false);
  expect((await preferencesOf(b.token))['trip-reminder']).not.toBe(false);
});
