import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_MESSAGES, PUSH_SUBSCRIPTIONS_PER_RIDER } from '@aeropool/contract/push';
import { loadConfig } from '../../config';
import { appSecrets, pushSubscriptions } from '../../db/schema';
import { startPushEndpoint, verifyVapid, type PushEndpoint } from '../../test/push-endpoint';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/test-app';
import { createRide, matchedPair, PLACES, sendMatch } from '../../test/ride-factory';
import { alertRidersOfNewRide } from '../notifications/new-match-alerts';
import { sendTripReminders } from '../notifications/trip-reminders';
import { pushToUser, type PushPayload } from './push-service';

let t: TestApp;
let endpoint: PushEndpoint;
beforeAll(async () => {
  [t, endpoint] = await Promise.all([
    createTestApp({ SUPPORT_EMAIL: 'help@aeropool.test' }),
    startPushEndpoint(),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), endpoint.close()]);
});

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } };

const subscribe = (user: SignedUpUser, payload: object) =>
  t.request({ method: 'POST', url: '/api/push/subscriptions', token: user.token, payload });
const unsubscribe = (user: SignedUpUser, endpointUrl: string) =>
  t.request({
    method: 'DELETE',
    url: '/api/push/subscriptions',
    token: user.token,
    payload: { endpoint: endpointUrl },
  });
const rowsOf = (userId: string) =>
  t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const publicKey = async () =>
  (await t.request({ method: 'GET', url: '/api/push/public-key' })).json().entities[0]
    .publicKey as string;
const pushesTo = (subscription: Subscription) =>
  endpoint.received.filter((push) => subscription.endpoint.endsWith(push.path));

const payload: PushPayload = {
  title: 'New match request',
  body: 'Asha R. wants to share a cab to KIA — नमस्ते',
  url: '/dashboard',
  tag: 'match-request:42',
};

describe('public key', () => {
  it('answers without a session, the same P-256 key every time', async () => {
    const res = await t.request({ method: 'GET', url: '/api/push/public-key' });
    expect(res.statusCode).toBe(200);
    const key = res.json().entities[0].publicKey as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(await publicKey()).toBe(key);
    // Kept in the database, where every instance on one PostgreSQL reads the same pair.
    const [stored] = await t.database.db
      .select()
      .from(appSecrets)
      .where(eq(appSecrets.name, 'vapidKeys'));
    expect(JSON.parse(stored!.value)).toMatchObject({ publicKey: key });
  });
});

describe('subscriptions', () => {
  it('needs a session', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: endpoint.device().subscription,
    });
    expect(res.statusCode).toBe(401);
  });

  it('saves a browser subscription once per endpoint, with its latest keys', async () => {
    const user = await t.signUp();
    const device = endpoint.device();
    const res = await subscribe(user, { ...device.subscription, expirationTime: null });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      statusCode: 201,
      message: PUSH_MESSAGES.subscribed,
      entities: [],
    });

    const renewed = { ...device.subscription, keys: endpoint.device().subscription.keys };
    expect((await subscribe(user, renewed)).statusCode).toBe(201);
    expect(await rowsOf(user.id)).toEqual([
      expect.objectContaining({
        endpoint: renewed.endpoint,
        p256dh: renewed.keys.p256dh,
        auth: renewed.keys.auth,
      }),
    ]);
  });

  it('refuses what is not a browser subscription, with a message that says why', async () => {
    const user = await t.signUp();
    const { subscription } = endpoint.device();
    const cases = [
      [{ ...subscription, endpoint: 'ftp://push.example.com/x' }, 'endpoint', 'invalidEndpoint'],
      [{ ...subscription, endpoint: 'not a url' }, 'endpoint', 'invalidEndpoint'],
      [
        { ...subscription, endpoint: `https://push.example.com/${'a'.repeat(2100)}` },
        'endpoint',
        'endpointTooLong',
      ],
      [
        { ...subscription, keys: { ...subscription.keys, p256dh: 'abc' } },
        'keys.p256dh',
        'invalidKeys',
      ],
      [
        { ...subscription, keys: { ...subscription.keys, auth: 'x'.repeat(40) } },
        'keys.auth',
        'invalidKeys',
      ],
      [{ endpoint: subscription.endpoint }, 'keys', 'invalidKeys'],
      // The right shape, but no point of the curve: every push to it would fail.
      [
        { ...subscription, keys: { ...subscription.keys, p256dh: `B${'A'.repeat(86)}` } },
        'keys.p256dh',
        'invalidKeys',
      ],
    ] as const;
    for (const [body, field, message] of cases) {
      const res = await subscribe(user, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: PUSH_MESSAGES[message], field });
    }
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('turns off only the rider’s own device', async () => {
    const [owner, other] = await Promise.all([t.signUp(), t.signUp()]);
    const { subscription } = endpoint.device();
    await subscribe(owner, subscription);

    const foreign = await unsubscribe(other, subscription.endpoint);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(PUSH_MESSAGES.subscriptionNotFound);
    expect(await rowsOf(owner.id)).toHaveLength(1);

    const own = await unsubscribe(owner, subscription.endpoint);
    expect(own.statusCode).toBe(200);
    expect(own.json().message).toBe(PUSH_MESSAGES.unsubscribed);
    expect(await rowsOf(owner.id)).toEqual([]);
    expect((await unsubscribe(owner, subscription.endpoint)).statusCode).toBe(404);
    expect((await unsubscribe(owner, 'nope')).json().message).toBe(PUSH_MESSAGES.invalidEndpoint);
  });

  it('moves a browser to the rider who subscribes it last', async () => {
    const [first, second] = await Promise.all([t.signUp(), t.signUp()]);
    const { subscription } = endpoint.device();
    await subscribe(first, subscription);
    await subscribe(second, subscription);
    expect(await rowsOf(first.id)).toEqual([]);
    expect(await rowsOf(second.id)).toHaveLength(1);

    // Another rider who knows the endpoint, with keys of their own, cannot take it over.
    const third = await t.signUp();
    const claim = await subscribe(third, {
      ...subscription,
      keys: endpoint.device().subscription.keys,
    });
    expect(claim.statusCode).toBe(409);
    expect(claim.json().message).toBe(PUSH_MESSAGES.endpointTaken);
    expect(await rowsOf(third.id)).toEqual([]);
    expect((await rowsOf(second.id))[0]!.p256dh).toBe(subscription.keys.p256dh.replace(/=+$/, ''));
  });

  it(`keeps a rider's ${PUSH_SUBSCRIPTIONS_PER_RIDER} newest devices`, async () => {
    const user = await t.signUp();
    const devices = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_RIDER + 2 }, () =>
      endpoint.device(),
    );
    for (const device of devices) {
      expect((await subscribe(user, device.subscription)).statusCode).toBe(201);
      t.clock.advance(1000);
    }
    const kept = (await rowsOf(user.id)).map((row) => row.endpoint).sort();
    expect(kept).toEqual(
      devices
        .slice(2)
        .map((device) => device.subscription.endpoint)
        .sort(),
    );
  });
});

describe('pushToUser', () => {
  it('delivers an encrypted, VAPID-signed push that only the rider’s devices can read', async () => {
    const [user, other] = await Promise.all([t.signUp(), t.signUp()]);
    const [phone, laptop, elsewhere] = [endpoint.device(), endpoint.device(), endpoint.device()];
    await subscribe(user, phone.subscription);
    await subscribe(user, laptop.subscription);
    await subscribe(other, elsewhere.subscription);

    await pushToUser(t.app, user.id, payload);

    const key = await publicKey();
    for (const device of [phone, laptop]) {
      const [push, ...more] = pushesTo(device.subscription);
      expect(more).toEqual([]);
      expect(push!.headers['content-encoding']).toBe('aes128gcm');
      expect(push!.headers.ttl).toBe(String(24 * 60 * 60));
      expect(push!.headers.urgency).toBe('normal');
      expect(push!.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
      // The payload is not readable on the way, only with the device's private key.
      expect(push!.body.toString('utf8')).not.toContain(payload.title);
      expect(JSON.parse(device.decrypt(push!.body))).toEqual(payload);

      const claims = await verifyVapid(push!.headers.authorization, key, endpoint.url);
      expect(claims.sub).toBe('mailto:help@aeropool.test');
      expect(claims.exp! * 1000).toBeGreaterThan(Date.now());
      expect(claims.exp! * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000);
    }
    expect(pushesTo(elsewhere.subscription)).toEqual([]);
  });

  it('buzzes a rider for the first few new matches an hour; the rest wait in the bell', async () => {
    const a = await t.signUp();
    const device = endpoint.device();
    await subscribe(a, device.subscription);
    await createRide(t, a, { minutesAhead: 3000 });
    const posters = await Promise.all(Array.from({ length: 5 }, () => t.signUp()));
    for (const poster of posters) {
      const ride = await createRide(t, poster, { minutesAhead: 3000, place: PLACES.indiranagar });
      expect(await alertRidersOfNewRide(t.app, ride._id)).toBeGreaterThanOrEqual(1);
    }
    const inbox = await t.request({ method: 'GET', url: '/api/notifications', token: a.token });
    const alerts = (inbox.json().entities[0].notifications as { kind: string }[]).filter(
      (n) => n.kind === 'new-match',
    );
    expect(alerts).toHaveLength(5);
    await expect.poll(() => pushesTo(device.subscription).length).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pushesTo(device.subscription)).toHaveLength(3);
  });

  it('lets a match request go stale at the trip’s time, not a day later', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const device = endpoint.device();
    await subscribe(b, device.subscription);
    const rideA = await createRide(t, a, { minutesAhead: 90 });
    const rideB = await createRide(t, b, { minutesAhead: 90, place: PLACES.indiranagar });
    expect((await sendMatch(t, a, rideA._id, rideB._id)).statusCode).toBe(201);
    await expect.poll(() => pushesTo(device.subscription).length).toBe(1);
    const [push] = pushesTo(device.subscription);
    const untilTrip = (rideB.timeOfTravel - t.clock.now().getTime()) / 1000;
    expect(Number(push!.headers.ttl)).toBeLessThanOrEqual(untilTrip);
    expect(Number(push!.headers.ttl)).toBeGreaterThan(untilTrip - 60);
  });

  it('lets a trip reminder go stale at the trip’s time, and asks for it to wake the device', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const device = endpoint.device();
    await subscribe(a, device.subscription);
    const { rideA } = await matchedPair(t, a, b, { minutesAhead: 100 });
    await sendTripReminders(t.app);
    const reminders = () =>
      pushesTo(device.subscription).filter((push) =>
        device.decrypt(push.body).includes('Your shared ride is'),
      );
    await expect.poll(() => reminders().length).toBe(1);
    const [reminder] = reminders();
    const untilTrip = (rideA.timeOfTravel - t.clock.now().getTime()) / 1000;
    expect(Number(reminder!.headers.ttl)).toBeLessThanOrEqual(untilTrip);
    expect(Number(reminder!.headers.ttl)).toBeGreaterThan(untilTrip - 60);
    expect(reminder!.headers.urgency).toBe('high');

    // A push already stale is not sent at all.
    const before = pushesTo(device.subscription).length;
    await pushToUser(t.app, a.id, payload, { staleAt: t.clock.now() });
    expect(pushesTo(device.subscription)).toHaveLength(before);
  });

  it('stops pushing to a device when the session that subscribed it ends', async () => {
    const user = await t.signUp();
    const second = await t.request({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: user.email, password: user.password },
    });
    const laptopToken = second.json().token as string;
    const [phone, laptop] = [endpoint.device(), endpoint.device()];
    await subscribe(user, phone.subscription);
    await t.request({
      method: 'POST',
      url: '/api/push/subscriptions',
      token: laptopToken,
      payload: laptop.subscription,
    });
    const loggedOut = await t.request({
      method: 'POST',
      url: '/api/user/logout',
      token: laptopToken,
    });
    expect(loggedOut.statusCode).toBe(200);

    await pushToUser(t.app, user.id, payload);
    expect(pushesTo(phone.subscription)).toHaveLength(1);
    expect(pushesTo(laptop.subscription)).toEqual([]);
    // Nor is it kept: a session that ended takes its devices along, every session at a sign-out
    // everywhere.
    const kept = async () => (await rowsOf(user.id)).map((row) => row.endpoint);
    expect(await kept()).toEqual([phone.subscription.endpoint]);
    const everywhere = await t.request({
      method: 'POST',
      url: '/api/user/logout-all',
      token: user.token,
    });
    expect(everywhere.statusCode).toBe(200);
    expect(await kept()).toEqual([]);
  });

  it('shortens a body too long for one push record', async () => {
    const user = await t.signUp();
    const device = endpoint.device();
    await subscribe(user, device.subscription);
    await pushToUser(t.app, user.id, { ...payload, body: 'ಕನ್ನಡ '.repeat(1000) });
    const [push] = pushesTo(device.subscription);
    const delivered = JSON.parse(device.decrypt(push!.body)) as PushPayload;
    expect(delivered.body.endsWith('…')).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(delivered))).toBeLessThanOrEqual(3993);
  });

  it('drops a subscription the push service says is gone, keeps one that failed for now', async () => {
    const user = await t.signUp();
    const [gone, expired, busy, fine] = [
      endpoint.device(),
      endpoint.device(),
      endpoint.device(),
      endpoint.device(),
    ];
    endpoint.answer(gone, 410);
    endpoint.answer(expired, 404);
    endpoint.answer(busy, 503);
    for (const device of [gone, expired, busy, fine]) await subscribe(user, device.subscription);

    await pushToUser(t.app, user.id, payload);

    const kept = (await rowsOf(user.id)).map((row) => row.endpoint).sort();
    expect(kept).toEqual([busy.subscription.endpoint, fine.subscription.endpoint].sort());
    expect(JSON.parse(fine.decrypt(pushesTo(fine.subscription)[0]!.body))).toEqual(payload);
  });

  it('never throws, even when a push service cannot be reached', async () => {
    const user = await t.signUp();
    const unreachable = await startPushEndpoint();
    const [lost, fine] = [unreachable.device(), endpoint.device()];
    await unreachable.close();
    await subscribe(user, lost.subscription);
    await subscribe(user, fine.subscription);

    await expect(pushToUser(t.app, user.id, payload)).resolves.toBeUndefined();
    expect(pushesTo(fine.subscription)).toHaveLength(1);
    expect(await rowsOf(user.id)).toHaveLength(2);
    // A rider without devices costs nothing.
    await expect(pushToUser(t.app, (await t.signUp()).id, payload)).resolves.toBeUndefined();
  });
});

describe('configured VAPID keys and production', () => {
  let prod: TestApp;
  const keys = webpush.generateVAPIDKeys();
  beforeAll(async () => {
    prod = await createTestApp({
      NODE_ENV: 'production',
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://aeropool.example',
    });
  });
  afterAll(() => prod.close());

  it('answers the configured public key', async () => {
    const res = await prod.request({ method: 'GET', url: '/api/push/public-key' });
    expect(res.json().entities).toEqual([{ publicKey: keys.publicKey }]);
  });

  it('takes only https endpoints of the browsers’ push services', async () => {
    const user = await prod.signUp();
    const { subscription } = endpoint.device();
    const res = await prod.request({
      method: 'POST',
      url: '/api/push/subscriptions',
      token: user.token,
      payload: subscription,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: PUSH_MESSAGES.insecureEndpoint,
      field: 'endpoint',
    });
    const secure = await prod.request({
      method: 'POST',
      url: '/api/push/subscriptions',
      token: user.token,
      payload: { ...subscription, endpoint: 'https://push.example.com/device-1' },
    });
    expect(secure.statusCode).toBe(400);
    expect(secure.json()).toMatchObject({ message: PUSH_MESSAGES.unknownPushService });
    for (const service of [
      'https://fcm.googleapis.com/fcm/send/device-1',
      'https://updates.push.services.mozilla.com/wpush/v2/device-2',
      'https://web.push.apple.com/device-3',
      'https://wns2-par02p.notify.windows.com/w/?token=device-4',
    ]) {
      const res = await prod.request({
        method: 'POST',
        url: '/api/push/subscriptions',
        token: user.token,
        payload: { ...subscription, endpoint: service },
      });
      expect(res.statusCode, service).toBe(201);
    }
    const lookalike = await prod.request({
      method: 'POST',
      url: '/api/push/subscriptions',
      token: user.token,
      payload: { ...subscription, endpoint: 'https://fcm.googleapis.com.evil.test/x' },
    });
    expect(lookalike.statusCode).toBe(400);
  });
});

describe('VAPID configuration', () => {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();

  it('takes a key pair as web-push prints it, and an https or mailto subject', () => {
    const config = loadConfig({
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
      VAPID_SUBJECT: 'mailto:ops@aeropool.test',
    });
    expect(config).toMatchObject({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey });
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(
      /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither/,
    );
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: publicKey.slice(1), VAPID_PRIVATE_KEY: privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: `${privateKey}==` }),
    ).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://aeropool.test' })).toThrow(/VAPID_SUBJECT/);
  });
});
