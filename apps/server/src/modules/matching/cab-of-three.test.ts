import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '@aeropool/contract/notifications';
import type { Match, PotentialMatch, Trip } from '@aeropool/contract/rides';
import {
  matchMembers,
  matches,
  matchRequests,
  notifications,
  ratings,
  rideRequests,
} from '../../db/schema';
import {
  block,
  createRide,
  matchesOf,
  PLACES,
  report,
  respond,
  rideBody,
  sendMatch,
} from '../../test/ride-factory';
import { collect, connectSocket, nextEvent } from '../../test/socket-client';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/test-app';
import { sessionsWaitingForLocks, sideSession } from '../../test/lock-waits';
import { storeMessage } from '../chat/chat-service';
import { createAwayNotifier } from '../chat/chat-away';
import { fitFormedCab, formedAtOf } from './ride-fit';
import { closeAsksToSetOffCabs } from './set-off-asks';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
/** The live update that an ask (or a request) closed, not the one of its sending. */
const isRequestChanged = (payload: { reason: string }) => payload.reason === 'request-changed';
/** The app on a port, for sockets: listened on once, by the first test that needs it. */
let url: Promise<string> | undefined;
const listening = () => (url ??= t.listen());

/**
 * Each test its own hour, a day apart (far beyond any search window), so riders of one test never
 * meet another's, and within the 90 days a ride may be booked ahead.
 */
let slot = 0;
const nextSlot = () => (slot += 1) * 24 * 60 + 600;

const cabCard = async (user: SignedUpUser, rideId: string, matchId: string) =>
  ((await matchesOf(t, user, rideId)).potentialMatches as PotentialMatch[]).find(
    (p) => p.cab?.matchId === matchId,
  );

const upcomingMatch = async (user: SignedUpUser, rideId: string): Promise<Match | undefined> => {
  const res = await t.request({
    method: 'GET',
    url: `/api/match-or-ride-request/upcoming/${user.id}`,
    token: user.token,
  });
  return (res.json().entities as Trip[]).find((x) => x.rideRequest._id === rideId)?.match;
};

const setStatus = (user: SignedUpUser, matchId: string, status: 'Cancelled' | 'Completed') =>
  t.request({
    method: 'PUT',
    url: `/api/match/${matchId}`,
    token: user.token,
    payload: { id: matchId, status },
  });

const membersOf = async (matchId: string) =>
  (
    await t.database.db
      .select({ rideRequestId: matchMembers.rideRequestId })
      .from(matchMembers)
      .where(eq(matchMembers.matchId, matchId))
  )
    .map((m) => m.rideRequestId)
    .sort();

/** A and B matched (Koramangala and Indiranagar), and C at Koramangala asking to join. */
async function cabWithAsk(
  options: { seatsA?: number; bagsA?: number; bagsC?: number; minutesAhead?: number } = {},
) {
  const [a, b, c] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
  const minutesAhead = options.minutesAhead ?? nextSlot();
  const rideA = await createRide(t, a, {
    minutesAhead,
    seats: options.seatsA,
    bags: options.bagsA,
  });
  const rideB = await createRide(t, b, { minutesAhead, place: PLACES.indiranagar });
  const sent = await sendMatch(t, a, rideA._id, rideB._id);
  const accepted = await respond(t, b, rideB._id, sent.json().entities[0]._id);
  const matchId = accepted.json().entities[0].matchId as string;
  const rideC = await createRide(t, c, { minutesAhead, bags: options.bagsC });
  return { a, b, c, rideA, rideB, rideC, matchId, minutesAhead };
}

/**
 * A (HSR Layout, in `m` minutes) and B (Koramangala, 15 minutes later) share a cab to the airport:
 * soon, so the sessions outlive the clock's jump past its first pickup. The file's rides to the
 * airport are these cabs and their askers.
 */
async function cabToTheAirport(m: number) {
  const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
  const rideA = await createRide(t, a, {
    direction: 'pickup',
    place: PLACES.hsrLayout,
    minutesAhead: m,
  });
  const rideB = await createRide(t, b, { direction: 'pickup', minutesAhead: m + 15 });
  const sent = await sendMatch(t, a, rideA._id, rideB._id);
  const accepted = await respond(t, b, rideB._id, sent.json().entities[0]._id);
  return { b, rideB, matchId: accepted.json().entities[0].matchId as string };
}

describe('seats and bags', () => {
  it('are stored, shown, default to 1 and 1, and kept by an edit that leaves them out', async () => {
    const rider = await t.signUp();
    const ride = await createRide(t, rider, { minutesAhead: nextSlot(), seats: 2, bags: 3 });
    expect(ride).toMatchObject({ seats: 2, bags: 3 });
    const plain = await createRide(t, await t.signUp(), { minutesAhead: nextSlot() });
    expect(plain).toMatchObject({ seats: 1, bags: 1 });
    const [row] = await t.database.db
      .select()
      .from(rideRequests)
      .where(eq(rideRequests.id, plain._id));
    // Solo minutes are stored with the request (trip geometry, issue 10).
    expect(row!.soloMinutes).toBeGreaterThan(20);
  });

  it('keep two riders apart whose seats or bags would not fit one cab', async () => {
    const minutesAhead = nextSlot();
    const pair = async (first: { seats?: number; bags?: number }, second: typeof first) => {
      const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
      const rideA = await createRide(t, a, { minutesAhead, ...first });
      const rideB = await createRide(t, b, { minutesAhead, place: PLACES.indiranagar, ...second });
      const offered = (
        (await matchesOf(t, a, rideA._id)).potentialMatches as PotentialMatch[]
      ).some((p) => p._id === rideB._id);
      const sent = await sendMatch(t, a, rideA._id, rideB._id);
      return { offered, status: sent.statusCode, message: sent.json().message as string };
    };
    expect(await pair({ seats: 2 }, { seats: 1 })).toMatchObject({ offered: true, status: 201 });
    expect(await pair({ seats: 2 }, { seats: 2 })).toEqual({
      offered: false,
      status: 400,
      message: 'These rides do not fit one cab (direction, time, distance, seats or bags).',
    });
    expect(await pair({ bags: 3 }, { bags: 2 })).toMatchObject({ offered: false, status: 400 });
  });

  it('refuse out-of-range values with a message', async () => {
    const rider = await t.signUp();
    for (const [payload, message] of [
      [{ seats: 3 }, 'Seats must be 1 or 2.'],
      [{ seats: 0 }, 'Seats must be 1 or 2.'],
      [{ bags: 4 }, 'Bags must be 0 to 3.'],
      [{ bags: 1.5 }, 'Bags must be 0 to 3.'],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/api/ride-request/create',
        token: rider.token,
        payload: {
          source: { ...PLACES.koramangala, encodedString: '' },
          destination: { name: 'Terminal 1', latitude: 13.1989, longitude: 77.7068 },
          timeOfTravel: t.clock.now().getTime() + nextSlot() * 60_000,
          ...payload,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('a third rider joining a cab', () => {
  /** Whether each rider's "asks to join your cab" notice of this ask is still unread. */
  const askUnread = async (askId: string) =>
    (
      await t.database.db
        .select({ userId: notifications.userId, readAt: notifications.readAt })
        .from(notifications)
        .where(eq(notifications.dedupeKey, `match-request:${askId}`))
    )
      .map((n) => [n.userId, n.readAt === null] as const)
      .sort();

  it('leaves every cab rider’s bell once one answers the ask, or the cab ends', async () => {
    const declinedCab = await cabWithAsk();
    const { a, b, c, rideA, rideC } = declinedCab;
    const askId = (await sendMatch(t, c, rideC._id, rideA._id)).json().entities[0]._id as string;
    await expect
      .poll(() => askUnread(askId))
      .toEqual(
        [
          [a.id, true],
          [b.id, true],
        ].sort(),
      );
    // A answered for the cab: B's notice is read; A's stays as A left it.
    expect((await respond(t, a, rideA._id, askId, false)).statusCode).toBe(200);
    expect(await askUnread(askId)).toEqual(
      [
        [a.id, true],
        [b.id, false],
      ].sort(),
    );

    const ended = await cabWithAsk();
    const endedAsk = (await sendMatch(t, ended.c, ended.rideC._id, ended.rideA._id)).json()
      .entities[0]._id as string;
    await expect.poll(async () => (await askUnread(endedAsk)).length).toBe(2);
    expect((await setStatus(ended.b, ended.matchId, 'Cancelled')).statusCode).toBe(200);
    expect((await askUnread(endedAsk)).map(([, unread]) => unread)).toEqual([false, false]);
  });

  it('sees the cab as one card, asks, and any rider in it accepts for the cab', async () => {
    const { a, b, c, rideA, rideB, rideC, matchId } = await cabWithAsk();
    const card = await cabCard(c, rideC._id, matchId);
    expect(card).toBeDefined();
    expect(card!.cab!.riders.map((r) => r._id).sort()).toEqual([rideA._id, rideB._id].sort());
    expect(card!.cab!.seatsLeft).toBe(1);
    expect(card!.fit.riders).toBe(3);
    // Neither rider of the cab shows on their own any more.
    const cards = (await matchesOf(t, c, rideC._id)).potentialMatches as PotentialMatch[];
    expect(cards.filter((p) => p._id === rideA._id || p._id === rideB._id)).toHaveLength(1);

    const asked = await sendMatch(t, c, rideC._id, card!._id);
    expect(asked.statusCode).toBe(201);
    expect((await sendMatch(t, c, rideC._id, card!._id)).statusCode).toBe(409);
    const outgoing = (await matchesOf(t, c, rideC._id)).outgoingMatches;
    expect(outgoing).toHaveLength(1);
    expect(outgoing[0].cab.matchId).toBe(matchId);
    // The cab no longer offers itself to C while the ask is pending.
    expect(await cabCard(c, rideC._id, matchId)).toBeUndefined();

    // Both riders of the cab see the ask on their match, with their figures in the cab of three
    // and the percentage it was sent with (stored; set apart here so it cannot pass by chance).
    await t.database.db
      .update(matchRequests)
      .set({ matchPercentage: 42 })
      .where(eq(matchRequests.id, asked.json().entities[0]._id));
    for (const [rider, ride] of [
      [a, rideA],
      [b, rideB],
    ] as const) {
      const match = await upcomingMatch(rider, ride._id);
      expect(match!.joinRequests).toHaveLength(1);
      expect(match!.joinRequests![0]).toMatchObject({
        requestId: { _id: rideC._id },
        fit: { riders: 3 },
        matchPercentage: 42,
      });
    }
    // Whoever the card named, A (the other rider) may answer.
    const askId = asked.json().entities[0]._id as string;
    expect((await respond(t, c, rideC._id, askId)).statusCode).toBe(403);
    const accepted = await respond(t, a, rideA._id, askId);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().entities[0].matchId).toBe(matchId);
    // The first answer decided: B's answer comes too late.
    expect((await respond(t, b, rideB._id, askId, false)).statusCode).toBe(409);

    expect(await membersOf(matchId)).toEqual([rideA._id, rideB._id, rideC._id].sort());
    const match = await upcomingMatch(c, rideC._id);
    expect(match).toMatchObject({ _id: matchId, status: 'Active' });
    expect(match!.requests).toHaveLength(3);
    expect(match!.fit!.riders).toBe(3);
  });

  it('names the rider who accepted for the cab, not the one the ask was sent to', async () => {
    const [a, b, c] = await Promise.all([
      t.signUp({ firstName: 'Asha' }),
      t.signUp({ firstName: 'Bina' }),
      t.signUp({ firstName: 'Chitra' }),
    ]);
    const minutesAhead = nextSlot();
    const rideA = await createRide(t, a, { minutesAhead });
    const rideB = await createRide(t, b, { minutesAhead, place: PLACES.indiranagar });
    const sent = await sendMatch(t, a, rideA._id, rideB._id);
    expect((await respond(t, b, rideB._id, sent.json().entities[0]._id)).statusCode).toBe(200);
    const rideC = await createRide(t, c, { minutesAhead });
    const askId = (await sendMatch(t, c, rideC._id, rideB._id)).json().entities[0]._id as string;
    expect((await respond(t, a, rideA._id, askId)).statusCode).toBe(200);
    const inbox = await t.request({ method: 'GET', url: '/api/notifications', token: c.token });
    const titles = (inbox.json().entities[0].notifications as { title: string }[]).map(
      (n) => n.title,
    );
    expect(titles).toContain('Asha R. accepted your match request');
    expect(titles.filter((title) => title.startsWith('Bina'))).toEqual([]);
    const mail = await t.mail.waitFor(c.email, (m) => /accepted/i.test(m.subject));
    expect(mail.raw).toContain('Asha');
    expect(mail.raw).not.toContain('Bina');
    // Bina, in the cab but not the one who let Chitra in, learns who joined; Asha knows.
    const joinedNotices = async (user: SignedUpUser) =>
      (
        (await t.request({ method: 'GET', url: '/api/notifications', token: user.token })).json()
          .entities[0].notifications as { kind: string; title: string; link: string }[]
      ).filter((n) => n.kind === 'cab-joined');
    expect(await joinedNotices(b)).toEqual([
      expect.objectContaining({
        title: 'Chitra R. joined your cab',
        link: '/dashboard',
      }),
    ]);
    expect(await joinedNotices(a)).toEqual([]);
    await t.mail.waitFor(b.email, (m) => /joined your cab/.test(m.subject));
  });

  it('gives every rider a share in proportion to the solo fare, adding up to the cab fare', async () => {
    const { a, b, c, rideA, rideB, rideC, matchId } = await cabWithAsk();
    const card = (await cabCard(c, rideC._id, matchId))!;
    const askId = (await sendMatch(t, c, rideC._id, card._id)).json().entities[0]._id;
    expect((await respond(t, b, rideB._id, askId)).statusCode).toBe(200);

    const views = await Promise.all(
      [
        [a, rideA],
        [b, rideB],
        [c, rideC],
      ].map(([rider, ride]) => upcomingMatch(rider as SignedUpUser, (ride as { _id: string })._id)),
    );
    const rows = await t.database.db
      .select()
      .from(rideRequests)
      .where(inArray(rideRequests.id, [rideA._id, rideB._id, rideC._id]));
    const [match] = await t.database.db.select().from(matches).where(eq(matches.id, matchId));
    const members = await t.database.db
      .select()
      .from(matchMembers)
      .where(eq(matchMembers.matchId, matchId));
    const cab = fitFormedCab(t.app, rows, formedAtOf(match!.createdAt, members))!;
    const shares = views.map((v) => v!.fare!.sharedPerPerson);
    expect(shares.reduce((x, y) => x + y, 0)).toBe(cab.cabFare);
    for (const view of views) {
      expect(view!.fare!.solo - view!.fare!.sharedPerPerson).toBe(view!.fit!.saving);
      expect(view!.fit!.saving).toBeGreaterThan(0);
    }
    // The same ride alone costs more for each; shares follow solo fares.
    const bySolo = views.map((v) => v!.fare!).sort((x, y) => x.solo - y.solo);
    expect(bySolo[0]!.sharedPerPerson).toBeLessThanOrEqual(bySolo[2]!.sharedPerPerson);
    expect(new Set(views.map((v) => v!.fit!.position)).size).toBe(3);
  });

  it('is not offered, and refused, when the seats or bags would not fit', async () => {
    const twoSeats = await cabWithAsk({ seatsA: 2 });
    expect(await cabCard(twoSeats.c, twoSeats.rideC._id, twoSeats.matchId)).toBeUndefined();
    const refused = await sendMatch(t, twoSeats.c, twoSeats.rideC._id, twoSeats.rideA._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('That cab has no room left for your seats and bags.');

    const bags = await cabWithAsk({ bagsA: 3, bagsC: 1 });
    expect(await cabCard(bags.c, bags.rideC._id, bags.matchId)).toBeUndefined();
    const light = await t.signUp();
    const lightRide = await createRide(t, light, { minutesAhead: bags.minutesAhead, bags: 0 });
    expect(await cabCard(light, lightRide._id, bags.matchId)).toBeDefined();
  });

  it('lets exactly one of two riders racing for the last seat in', async () => {
    for (let trial = 0; trial < 4; trial += 1) {
      const { a, b, c, rideA, rideB, rideC, matchId, minutesAhead } = await cabWithAsk();
      const d = await t.signUp();
      const rideD = await createRide(t, d, { minutesAhead });
      const askC = (await sendMatch(t, c, rideC._id, rideA._id)).json().entities[0]._id;
      const askD = (await sendMatch(t, d, rideD._id, rideB._id)).json().entities[0]._id;
      const answers = await Promise.all([
        respond(t, a, rideA._id, askC),
        respond(t, b, rideB._id, askD),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await membersOf(matchId)).toHaveLength(3);
      // The loser's ask is closed, and the full cab is offered to nobody.
      const [loser, loserRide] = answers[0]!.statusCode === 200 ? [d, rideD] : [c, rideC];
      expect((await matchesOf(t, loser, loserRide._id)).outgoingMatches).toEqual([]);
      expect(await cabCard(loser, loserRide._id, matchId)).toBeUndefined();
      // And told so, not left to find it gone.
      const inbox = await t.request({
        method: 'GET',
        url: '/api/notifications',
        token: loser.token,
      });
      expect(inbox.json().entities[0].notifications).toContainEqual(
        expect.objectContaining({
          kind: 'match-declined',
          title: 'Your request to join a cab was closed',
          body: expect.stringMatching(/^The cab is full\. Other riders may still fit your trip\./),
        }),
      );
    }
  });

  it('counts asks to join against the sender’s 30 match requests an hour', async () => {
    const { c, rideC, rideA } = await cabWithAsk();
    for (let round = 0; round < 30; round += 1) {
      const asked = await sendMatch(t, c, rideC._id, rideA._id);
      expect(asked.statusCode).toBe(201);
      const withdrawn = await t.request({
        method: 'DELETE',
        url: `/api/ride-request/match-request/${asked.json().entities[0]._id}`,
        token: c.token,
      });
      expect(withdrawn.statusCode).toBe(200);
    }
    expect((await sendMatch(t, c, rideC._id, rideA._id)).statusCode).toBe(429);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'accepted while its rider cancels the ride: the cancel wins, the accept is told, no deadlock',
    async () => {
      const { a, c, rideA, rideC, matchId } = await cabWithAsk();
      const askId = (await sendMatch(t, c, rideC._id, rideA._id)).json().entities[0]._id;
      // Another session holds C's ride, so both requests queue behind it in a known order.
      const holder = await sideSession(t.database.pool);
      const waitingForLocks = (count: number) =>
        expect.poll(() => sessionsWaitingForLocks(holder)).toBe(count);
      let cancel, accept;
      try {
        await holder.query('begin');
        await holder.query('select 1 from ride_requests where id = $1 for update', [rideC._id]);
        cancel = t.request({
          method: 'DELETE',
          url: `/api/ride-request/cancel/${rideC._id}`,
          token: c.token,
        });
        await waitingForLocks(1);
        accept = respond(t, a, rideA._id, askId);
        await waitingForLocks(2);
      } finally {
        await holder.query('rollback');
        await holder.end();
      }
      const [cancelled, accepted] = await Promise.all([cancel, accept]);
      expect(cancelled!.statusCode).toBe(200);
      expect(accepted!.json()).toMatchObject({
        statusCode: 409,
        message: 'This match request is no longer pending.',
      });
      expect(await membersOf(matchId)).toHaveLength(2);
    },
  );

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'asked while a block takes a cab rider’s ride and then the asker’s: the ask waits, no deadlock',
    async () => {
      const { rideA, minutesAhead } = await cabWithAsk();
      // An asker whose ride sorts after A's: a block takes the two in id order, A's first.
      let asker: SignedUpUser;
      let askerRide: { _id: string };
      do {
        asker = await t.signUp();
        askerRide = await createRide(t, asker, { minutesAhead });
      } while (askerRide._id < rideA._id);
      const holder = await sideSession(t.database.pool);
      let ask;
      try {
        await holder.query('begin');
        await holder.query('select 1 from ride_requests where id = $1 for update', [rideA._id]);
        ask = sendMatch(t, asker, askerRide._id, rideA._id);
        await expect.poll(() => sessionsWaitingForLocks(holder)).toBe(1);
        // The ask waits for A's ride holding none of the rides after it: this does not wait.
        await holder.query('select 1 from ride_requests where id = $1 for update', [askerRide._id]);
      } finally {
        await holder.query('rollback');
        await holder.end();
      }
      expect((await ask!).statusCode).toBe(201);
    },
  );

  it('is not offered, asked or accepted once the cab has set off (to the airport: its first pickup)', async () => {
    const [c, d] = await Promise.all([t.signUp(), t.signUp()]);
    const m = 100;
    const { b, rideB, matchId } = await cabToTheAirport(m);
    const rideC = await createRide(t, c, { direction: 'pickup', minutesAhead: m + 28 });
    const rideD = await createRide(t, d, { direction: 'pickup', minutesAhead: m + 27 });
    expect(await cabCard(c, rideC._id, matchId)).toBeDefined();
    const askId = (await sendMatch(t, d, rideD._id, rideB._id)).json().entities[0]._id;
    expect((await upcomingMatch(b, rideB._id))!.joinRequests).toHaveLength(1);

    // A has been collected: a third rider would move a pickup already made.
    t.clock.advance((m + 5) * 60_000);
    try {
      expect(await cabCard(c, rideC._id, matchId)).toBeUndefined();
      expect((await sendMatch(t, c, rideC._id, rideB._id)).json()).toMatchObject({
        statusCode: 409,
        message: 'That ride is no longer available.',
      });
      // Not offered on the cab's cards either: an accept would be refused.
      expect((await upcomingMatch(b, rideB._id))!.joinRequests).toEqual([]);
      expect((await respond(t, b, rideB._id, askId)).statusCode).toBe(409);
      expect(await membersOf(matchId)).toHaveLength(2);
    } finally {
      t.clock.advance(-(m + 5) * 60_000);
    }
  });

  it('closes a pending ask once the cab sets off, and tells the asker, once', async () => {
    const d = await t.signUp();
    const m = 100;
    const { rideB } = await cabToTheAirport(m);
    const rideD = await createRide(t, d, { direction: 'pickup', minutesAhead: m + 27 });
    const askId = (await sendMatch(t, d, rideD._id, rideB._id)).json().entities[0]._id as string;
    const askStatus = async () =>
      (
        await t.database.db
          .select({ status: matchRequests.status })
          .from(matchRequests)
          .where(eq(matchRequests.id, askId))
      )[0]!.status;
    const noticesOfD = async () =>
      (await t.request({ method: 'GET', url: '/api/notifications', token: d.token })).json()
        .entities[0].notifications as { title: string; body: string }[];

    // Before the first pickup, the ask stays open.
    await closeAsksToSetOffCabs(t.app);
    expect(await askStatus()).toBe('Pending');

    t.clock.advance((m + 5) * 60_000);
    const tabD = await connectSocket(await listening(), d.token);
    try {
      const toldD = nextEvent(tabD, 'trips:changed', 3000, isRequestChanged);
      await closeAsksToSetOffCabs(t.app);
      await toldD;
      expect(await askStatus()).toBe('Cancelled');
      const left = (await noticesOfD()).filter(
        (n) => n.title === 'The cab you asked to join has left',
      );
      expect(left).toHaveLength(1);
      expect(left[0]!.body).toMatch(/^It set off before anyone in it answered\./);
      await t.mail.waitFor(d.email, (mail) =>
        /the cab you asked to join has left/.test(mail.subject),
      );
      // Run again (any instance, any number of times): nothing more.
      await closeAsksToSetOffCabs(t.app);
      expect(
        (await noticesOfD()).filter((n) => n.title === 'The cab you asked to join has left'),
      ).toHaveLength(1);
    } finally {
      tabD.close();
      t.clock.advance(-(m + 5) * 60_000);
    }
  });

  it('once declined, cannot be asked again through another rider of the cab', async () => {
    const { a, b, c, rideA, rideB, rideC, matchId } = await cabWithAsk();
    const askId = (await sendMatch(t, c, rideC._id, rideA._id)).json().entities[0]._id;
    expect((await respond(t, a, rideA._id, askId, false)).statusCode).toBe(200);
    expect(await cabCard(c, rideC._id, matchId)).toBeUndefined();
    expect((await sendMatch(t, c, rideC._id, rideB._id)).json()).toMatchObject({
      statusCode: 409,
      message: 'That ride is no longer available.',
    });
    expect((await upcomingMatch(b, rideB._id))!.joinRequests ?? []).toEqual([]);
  });

  it('is closed when a rider of the cab blocks the asker, and the whole cab is told', async () => {
    const { a, b, c, rideA, rideB, rideC, matchId } = await cabWithAsk();
    expect((await sendMatch(t, c, rideC._id, rideA._id)).statusCode).toBe(201);
    const url = await listening();
    const tabA = await connectSocket(url, a.token);
    try {
      const toldA = nextEvent(tabA, 'trips:changed', 3000, isRequestChanged);
      // B blocks C, though C's ask was addressed to A.
      expect((await block(t, b, c)).statusCode).toBe(201);
      await toldA;
      for (const [rider, ride] of [
        [a, rideA],
        [b, rideB],
      ] as const)
        expect((await upcomingMatch(rider, ride._id))!.joinRequests ?? []).toEqual([]);
      expect(await membersOf(matchId)).toHaveLength(2);
    } finally {
      tabA.close();
    }
  });

  it('withdrawn, or its ride cancelled: every rider of the cab is told, not only the one asked', async () => {
    const { b, c, rideA, rideB, rideC, minutesAhead } = await cabWithAsk();
    const askId = (await sendMatch(t, c, rideC._id, rideA._id)).json().entities[0]._id;
    const url = await listening();
    const tabB = await connectSocket(url, b.token);
    const closedBecause = (what: string) => ({
      notice: `Asha R. ${what} their trip, so the match request between you was closed.`,
    });
    try {
      let toldB = nextEvent(tabB, 'trips:changed', 3000, isRequestChanged);
      expect(
        (
          await t.request({
            method: 'DELETE',
            url: `/api/ride-request/match-request/${askId}`,
            token: c.token,
          })
        ).statusCode,
      ).toBe(200);
      await toldB;
      expect((await upcomingMatch(b, rideB._id))!.joinRequests ?? []).toEqual([]);

      // C moves their trip by five minutes: the cab's riders read why the ask went.
      expect((await sendMatch(t, c, rideC._id, rideA._id)).statusCode).toBe(201);
      toldB = nextEvent(tabB, 'trips:changed', 3000, isRequestChanged);
      const edited = await t.request({
        method: 'PUT',
        url: `/api/ride-request/update/${rideC._id}`,
        token: c.token,
        payload: rideBody(t, { minutesAhead: minutesAhead + 5 }),
      });
      expect(edited.statusCode).toBe(200);
      expect(await toldB).toMatchObject(closedBecause('changed'));

      expect((await sendMatch(t, c, rideC._id, rideA._id)).statusCode).toBe(201);
      toldB = nextEvent(tabB, 'trips:changed', 3000, isRequestChanged);
      const cancelled = await t.request({
        method: 'DELETE',
        url: `/api/ride-request/cancel/${rideC._id}`,
        token: c.token,
      });
      expect(cancelled.statusCode).toBe(200);
      expect(await toldB).toMatchObject(closedBecause('cancelled'));
    } finally {
      tabB.close();
    }
  });

  it('closes when the cab it asked to join is cancelled, and the asker is told', async () => {
    const { a, c, rideA, rideC, matchId } = await cabWithAsk();
    const askId = (await sendMatch(t, c, rideC._id, rideA._id)).json().entities[0]._id;
    const url = await listening();
    const tabC = await connectSocket(url, c.token);
    try {
      const toldC = nextEvent(tabC, 'trips:changed', 3000, isRequestChanged);
      expect((await setStatus(a, matchId, 'Cancelled')).statusCode).toBe(200);
      await toldC;
      expect((await matchesOf(t, c, rideC._id)).outgoingMatches).toEqual([]);
      const [ask] = await t.database.db
        .select({ status: matchRequests.status })
        .from(matchRequests)
        .where(eq(matchRequests.id, askId));
      expect(ask!.status).toBe('Cancelled');
      const inbox = await t.request({ method: 'GET', url: '/api/notifications', token: c.token });
      expect(inbox.json().entities[0].notifications).toContainEqual(
        expect.objectContaining({
          title: 'Your request to join a cab was closed',
          body: expect.stringMatching(/^The cab no longer takes riders\./),
        }),
      );
    } finally {
      tabC.close();
    }
  });

  it('ends with a decline: the asker can find others', async () => {
    const { b, c, rideB, rideC, matchId } = await cabWithAsk();
    const askId = (await sendMatch(t, c, rideC._id, rideB._id)).json().entities[0]._id;
    expect((await respond(t, b, rideB._id, askId, false)).statusCode).toBe(200);
    expect((await matchesOf(t, c, rideC._id)).outgoingMatches).toEqual([
      expect.objectContaining({ _id: askId, status: 'Declined' }),
    ]);
    // The cab that declined is not offered to C's ride again.
    expect(await cabCard(c, rideC._id, matchId)).toBeUndefined();
    expect(await membersOf(matchId)).toHaveLength(2);
  });
});

describe('riders kept apart (issue 9) stay apart in a cab', () => {
  /** C is kept apart from A (`how`), then A and B (Indiranagar) match: a cab C would fit. */
  async function cabOfOneKeptApart(how: 'declined' | 'cancelled') {
    const [a, b, c] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const minutesAhead = nextSlot();
    const rideA = await createRide(t, a, { minutesAhead });
    const rideC = await createRide(t, c, { minutesAhead });
    const asked = (await sendMatch(t, c, rideC._id, rideA._id)).json().entities[0]._id;
    if (how === 'declined') {
      expect((await respond(t, a, rideA._id, asked, false)).statusCode).toBe(200);
    } else {
      const formed = (await respond(t, a, rideA._id, asked)).json().entities[0].matchId;
      expect((await setStatus(c, formed, 'Cancelled')).statusCode).toBe(200);
    }
    const rideB = await createRide(t, b, { minutesAhead, place: PLACES.indiranagar });
    const sent = await sendMatch(t, a, rideA._id, rideB._id);
    const matchId = (await respond(t, b, rideB._id, sent.json().entities[0]._id)).json().entities[0]
      .matchId as string;
    return { c, rideB, rideC, matchId, minutesAhead };
  }

  it.each(['declined', 'cancelled'] as const)(
    'a rider %s with me is not brought back by their cab, and asking to join it is refused',
    async (how) => {
      const { c, rideB, rideC, matchId } = await cabOfOneKeptApart(how);
      expect(await cabCard(c, rideC._id, matchId)).toBeUndefined();
      const ask = await sendMatch(t, c, rideC._id, rideB._id);
      expect(ask.json()).toMatchObject({
        statusCode: 409,
        message: 'That ride is no longer available.',
      });
      expect(await membersOf(matchId)).toHaveLength(2);
    },
  );

  it('a rider kept apart from nobody in the cab still sees it', async () => {
    const { matchId, minutesAhead } = await cabOfOneKeptApart('declined');
    const d = await t.signUp();
    const rideD = await createRide(t, d, { minutesAhead });
    expect(await cabCard(d, rideD._id, matchId)).toBeDefined();
  });
});

describe('a cab of three', () => {
  async function cabOfThree(minutesAhead?: number) {
    const cab = await cabWithAsk({ minutesAhead });
    const askId = (await sendMatch(t, cab.c, cab.rideC._id, cab.rideA._id)).json().entities[0]._id;
    await respond(t, cab.a, cab.rideA._id, askId);
    return cab;
  }

  it('chats with all three, and a rider leaving leaves the other two matched', async () => {
    const { a, b, c, rideA, rideB, rideC, matchId } = await cabOfThree();
    const say = (user: SignedUpUser, text: string) =>
      storeMessage(t.app, { matchId, userId: user.id, clientId: randomUUID(), text });
    for (const rider of [a, b, c]) await expect(say(rider, 'Hello')).resolves.toBeDefined();

    expect((await setStatus(c, matchId, 'Cancelled')).statusCode).toBe(200);
    expect(await membersOf(matchId)).toEqual([rideA._id, rideB._id].sort());
    const matchOfA = await upcomingMatch(a, rideA._id);
    expect(matchOfA).toMatchObject({ status: 'Active' });
    expect(matchOfA!.requests).toHaveLength(2);
    const [left] = await t.database.db
      .select()
      .from(rideRequests)
      .where(eq(rideRequests.id, rideC._id));
    // Left without asking to cancel it, C's ride is open again.
    expect(left).toMatchObject({ status: 'Active', currentMatchId: null });
    await expect(say(c, 'Still here?')).rejects.toMatchObject({ statusCode: 403 });
    expect(
      (await t.request({ method: 'GET', url: `/api/match/${matchId}`, token: c.token })).statusCode,
    ).toBe(403);
    // With room again, the cab is offered again, but not to the rider who just left it.
    const e = await t.signUp();
    const rideE = await createRide(t, e, { minutesAhead: slot * 24 * 60 + 600 });
    expect(await cabCard(e, rideE._id, matchId)).toBeDefined();
    expect(await cabCard(c, rideC._id, matchId)).toBeUndefined();

    // The second to leave ends the match, as for any pair; the last rider is open again.
    expect((await setStatus(b, matchId, 'Cancelled')).statusCode).toBe(200);
    const [rowA] = await t.database.db
      .select()
      .from(rideRequests)
      .where(eq(rideRequests.id, rideA._id));
    expect(rowA!.status).toBe('Active');
    const [rowB] = await t.database.db
      .select()
      .from(rideRequests)
      .where(eq(rideRequests.id, rideB._id));
    expect(rowB!.status).toBe('Active');
  });

  it('keeps a rider who left apart from the riders they rode with, not from one who joined after', async () => {
    const { a, b, c, rideA, rideB, rideC, matchId, minutesAhead } = await cabOfThree();
    expect((await setStatus(c, matchId, 'Cancelled')).statusCode).toBe(200);
    const offeredTo = async (user: SignedUpUser, rideId: string) =>
      ((await matchesOf(t, user, rideId)).potentialMatches as PotentialMatch[]).flatMap((p) =>
        p.cab ? p.cab.riders.map((r) => r._id) : [p._id],
      );
    expect(await offeredTo(c, rideC._id)).not.toContain(rideA._id);
    const asked = await sendMatch(t, c, rideC._id, rideA._id);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe('That ride is no longer available.');

    // D joins the two after C left: D and C never rode together, so each may meet the other.
    const d = await t.signUp();
    const rideD = await createRide(t, d, { minutesAhead });
    t.clock.advance(1000);
    const askD = (await sendMatch(t, d, rideD._id, rideB._id)).json().entities[0]._id;
    expect((await respond(t, b, rideB._id, askD)).statusCode).toBe(200);

    // A leaves B and D; then B ends the cab. Everyone is open again.
    t.clock.advance(1000);
    expect((await setStatus(a, matchId, 'Cancelled')).statusCode).toBe(200);
    expect((await setStatus(b, matchId, 'Cancelled')).statusCode).toBe(200);
    const toC = await offeredTo(c, rideC._id);
    expect(toC).toContain(rideD._id);
    expect(toC).not.toContain(rideA._id);
    expect(toC).not.toContain(rideB._id);
    expect(await offeredTo(b, rideB._id)).not.toContain(rideC._id);
    expect(await offeredTo(d, rideD._id)).toEqual(expect.arrayContaining([rideC._id]));
    expect(await offeredTo(d, rideD._id)).not.toContain(rideA._id);
    expect((await sendMatch(t, b, rideB._id, rideC._id)).statusCode).toBe(409);
  });

  it('points the notices of a rider who left at My Trips, read, not at the chat they lost', async () => {
    const { c, matchId } = await cabOfThree();
    const inbox = async () =>
      (await t.request({ method: 'GET', url: '/api/notifications', token: c.token })).json()
        .entities[0] as NotificationList;
    // A accepted C into the cab: that notice opens the cab's chat.
    await expect
      .poll(async () => (await inbox()).notifications.map((n) => n.link))
      .toContain(`/chat/${matchId}`);
    const before = await inbox();
    const accepted = before.notifications.find((n) => n.link === `/chat/${matchId}`)!;
    expect((await setStatus(c, matchId, 'Cancelled')).statusCode).toBe(200);
    const after = await inbox();
    expect(after.notifications.map((n) => n.link)).not.toContain(`/chat/${matchId}`);
    expect(after.notifications.find((n) => n._id === accepted._id)).toMatchObject({
      link: '/dashboard',
      readAt: expect.any(String),
    });
  });

  it('does not tell a rider who left of a message stored while they were still in the cab', async () => {
    const { a, b, c, matchId } = await cabOfThree();
    expect((await setStatus(c, matchId, 'Cancelled')).statusCode).toBe(200);
    const chatNotices = async (user: SignedUpUser) =>
      (
        (await t.request({ method: 'GET', url: '/api/notifications', token: user.token })).json()
          .entities[0] as NotificationList
      ).notifications.filter((n) => n.kind === 'chat-message');
    // As a message stored just before C's leave committed is announced after it: its co-riders
    // were read when it was stored, C among them.
    createAwayNotifier(t.app)({
      message: {
        _id: randomUUID(),
        matchId,
        userId: { _id: a.id, firstName: a.firstName, lastName: 'R.', email: '' },
        messageText: 'Leaving in 5',
        timestamp: new Date().toISOString(),
        clientId: randomUUID(),
      },
      coRiderIds: [b.id, c.id],
    });
    await expect.poll(async () => (await chatNotices(b)).length).toBe(1);
    expect(await chatNotices(c)).toEqual([]);
  });

  it('lets a rider who left report the riders they rode with', async () => {
    const { a, b, c, matchId } = await cabOfThree();
    expect((await setStatus(c, matchId, 'Cancelled')).statusCode).toBe(200);
    expect((await report(t, c, b)).statusCode).toBe(201);
    expect((await report(t, a, c)).statusCode).toBe(201);
  });

  it('takes back a rider once everyone they rode with has gone, and lets them leave again', async () => {
    const { a, b, c, rideA, rideC, matchId, minutesAhead } = await cabOfThree();
    const join = async (
      rider: SignedUpUser,
      rideId: string,
      via: SignedUpUser,
      viaRide: string,
    ) => {
      t.clock.advance(1000);
      const ask = await sendMatch(t, rider, rideId, viaRide);
      expect(ask.statusCode, ask.body).toBe(201);
      expect((await respond(t, via, viaRide, ask.json().entities[0]._id)).statusCode).toBe(200);
    };
    const leave = async (rider: SignedUpUser) => {
      t.clock.advance(1000);
      expect((await setStatus(rider, matchId, 'Cancelled')).statusCode).toBe(200);
    };
    const [d, e] = await Promise.all([t.signUp(), t.signUp()]);
    const rideD = await createRide(t, d, { minutesAhead });
    const rideE = await createRide(t, e, { minutesAhead, place: PLACES.indiranagar });
    await leave(c);
    await join(d, rideD._id, a, rideA._id);
    await leave(a);
    await join(e, rideE._id, d, rideD._id);
    await leave(b);
    // D and E joined after C left: C may ride with them, in the same cab, and leave it again.
    await join(c, rideC._id, d, rideD._id);
    expect(await membersOf(matchId)).toHaveLength(3);
    await leave(c);
    expect(await membersOf(matchId)).toEqual([rideD._id, rideE._id].sort());
  });

  it('gives a rider who joins the chat from their joining on, not what the two said before', async () => {
    const { a, b, c, rideA, rideC, matchId } = await cabWithAsk();
    const say = (user: SignedUpUser, text: string) =>
      storeMessage(t.app, { matchId, userId: user.id, clientId: randomUUID(), text });
    await say(a, 'Shall we take a third rider?');
    // A moment apart: two messages of one instant have no order the history could keep.
    t.clock.advance(1000);
    await say(b, 'Only if they travel light');
    t.clock.advance(1000);
    const askId = (await sendMatch(t, c, rideC._id, rideA._id)).json().entities[0]._id;
    expect((await respond(t, a, rideA._id, askId)).statusCode).toBe(200);
    t.clock.advance(1000);
    await say(b, 'Welcome aboard');

    const texts = async (user: SignedUpUser) =>
      (await t.request({ method: 'GET', url: `/api/match/messages/${matchId}`, token: user.token }))
        .json()
        .entities.map((message: { messageText: string }) => message.messageText);
    expect(await texts(c)).toEqual(['Welcome aboard']);
    expect(await texts(a)).toEqual([
      'Shall we take a third rider?',
      'Only if they travel light',
      'Welcome aboard',
    ]);
    const chatOf = async (user: SignedUpUser) =>
      (await t.request({ method: 'GET', url: '/api/chats', token: user.token }))
        .json()
        .entities.find((chat: { matchId: string }) => chat.matchId === matchId);
    expect(await chatOf(c)).toMatchObject({
      lastMessage: { text: 'Welcome aboard' },
      unreadCount: 1,
    });
  });

  it('sends a rider who joined nothing written before they joined, though stored after', async () => {
    const { a, b, c, rideA, rideC, matchId } = await cabWithAsk();
    const askId = (await sendMatch(t, c, rideC._id, rideA._id)).json().entities[0]._id;
    t.clock.advance(60_000);
    expect((await respond(t, a, rideA._id, askId)).statusCode).toBe(200);
    const url = await listening();
    const [tabA, tabB, tabC] = await Promise.all([
      connectSocket(url, a.token),
      connectSocket(url, b.token),
      connectSocket(url, c.token),
    ]);
    try {
      for (const tab of [tabA, tabB, tabC]) {
        const joined = await new Promise((resolve) => tab.emit('joinRoom', matchId, resolve));
        expect(joined).toMatchObject({ ok: true });
      }
      const heardByC = collect(tabC, 'message');
      // A's message was written before C joined and waited in the writer's queue: the server's
      // clock stands before the join as it is stored.
      t.clock.advance(-30_000);
      const toB = nextEvent(tabB, 'message');
      tabA.emit('message', { matchId, messageText: 'Shall we take C?', clientId: randomUUID() });
      expect((await toB).messageText).toBe('Shall we take C?');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heardByC).toEqual([]);

      // Nor is it announced to them: with B and C away, B's bell has the chat and C's has not.
      tabB.close();
      tabC.close();
      tabA.emit('message', { matchId, messageText: 'Or not?', clientId: randomUUID() });
      const chatsIn = async (rider: SignedUpUser) =>
        (
          (await t.request({ method: 'GET', url: '/api/notifications', token: rider.token })).json()
            .entities[0].notifications as { kind: string; link: string }[]
        ).filter((n) => n.kind === 'chat-message' && n.link.includes(matchId));
      await expect.poll(async () => (await chatsIn(b)).length).toBe(1);
      expect(await chatsIn(c)).toEqual([]);
    } finally {
      t.clock.advance(30_000);
      for (const tab of [tabA, tabB, tabC]) tab.close();
    }
  });

  it('no longer sends its chat to a rider who left, on any of their open tabs', async () => {
    const { a, b, c, matchId } = await cabOfThree();
    const url = await listening();
    const [tabA, tabB, tabC, otherTabC] = await Promise.all([
      connectSocket(url, a.token),
      connectSocket(url, b.token),
      connectSocket(url, c.token),
      connectSocket(url, c.token),
    ]);
    try {
      for (const tab of [tabA, tabB, tabC, otherTabC]) {
        const joined = await new Promise((resolve) => tab.emit('joinRoom', matchId, resolve));
        expect(joined).toMatchObject({ ok: true });
      }
      const heardByC = [collect(tabC, 'message'), collect(otherTabC, 'message')];
      expect((await setStatus(c, matchId, 'Cancelled')).statusCode).toBe(200);

      const toB = nextEvent(tabB, 'message');
      tabA.emit('message', {
        matchId,
        messageText: 'Just the two of us now',
        clientId: randomUUID(),
      });
      expect((await toB).messageText).toBe('Just the two of us now');
      // Sent to the room in one go: had C's tabs still been in it, they would have it by now.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heardByC).toEqual([[], []]);
    } finally {
      for (const tab of [tabA, tabB, tabC, otherTabC]) tab.close();
    }
  });

  it('ends the trip link of a rider who left; the others’ links show the cab going on', async () => {
    const { a, c, matchId } = await cabOfThree();
    const share = async (rider: SignedUpUser) =>
      (
        await t.request({ method: 'POST', url: `/api/match/${matchId}/share`, token: rider.token })
      ).json().entities[0].token as string;
    const view = (token: string) => t.request({ method: 'GET', url: `/api/trip/${token}` });
    const [linkOfA, linkOfC] = [await share(a), await share(c)];
    expect((await view(linkOfC)).statusCode).toBe(200);

    expect((await setStatus(c, matchId, 'Cancelled')).statusCode).toBe(200);
    expect((await view(linkOfC)).json()).toMatchObject({
      statusCode: 404,
      message: 'This trip link has expired or was turned off.',
    });
    const seen = await view(linkOfA);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().entities[0]).toMatchObject({ status: 'Active' });
    expect(seen.json().entities[0].coRiders).toHaveLength(1);
  });

  it('goes on without a rider who blocks another in it, told to the others as a leave', async () => {
    const { a, b, c, rideA, rideB, rideC, matchId } = await cabOfThree();
    const tabC = await connectSocket(await listening(), c.token);
    const heardByC = collect(tabC, 'trips:changed');
    const leftBy = `${a.firstName} ${a.lastName[0]}. left your shared cab`;
    try {
      const blocked = await block(t, a, b);
      expect(blocked.statusCode).toBeLessThan(300);
      // The third rider's open tabs and bell hear of it in the words of any leave: a cab ended
      // whole would tell the blocked rider of the block, and undo the third rider's trip.
      await expect
        .poll(() => heardByC)
        .toContainEqual({
          reason: 'match-cancelled',
          notice: `${leftBy}. The rest of you are still matched.`,
        });
    } finally {
      tabC.close();
    }
    for (const rider of [b, c]) {
      const inbox = await t.request({
        method: 'GET',
        url: '/api/notifications',
        token: rider.token,
      });
      expect(inbox.json().entities[0].notifications).toContainEqual(
        expect.objectContaining({ kind: 'match-cancelled', title: leftBy }),
      );
    }
    await t.mail.waitFor(a.email, (m) => m.subject === 'AeroPool: you left the shared cab');
    const rows = await t.database.db
      .select()
      .from(rideRequests)
      .where(inArray(rideRequests.id, [rideA._id, rideB._id, rideC._id]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(rideA._id)).toMatchObject({ status: 'Active', currentMatchId: null });
    for (const ride of [rideB, rideC])
      expect(byId.get(ride._id)).toMatchObject({ status: 'Matched', currentMatchId: matchId });
    expect(await membersOf(matchId)).toEqual([rideB._id, rideC._id].sort());
    // The two who ride on can still talk; the blocker is out of their chat.
    const say = (user: SignedUpUser, text: string) =>
      storeMessage(t.app, { matchId, userId: user.id, clientId: randomUUID(), text });
    await expect(say(b, 'Still on?')).resolves.toBeDefined();
    await expect(say(a, 'Hello?')).rejects.toMatchObject({ statusCode: 403 });
  });

  it('closes the asks to join it when it completes', async () => {
    const { a, b, c, rideA, rideC, matchId, minutesAhead } = await cabWithAsk({
      minutesAhead: 200,
    });
    const ask = await sendMatch(t, c, rideC._id, rideA._id);
    expect(ask.statusCode).toBe(201);
    t.clock.advance((minutesAhead + 60) * 60_000);
    try {
      const rated = await t.request({
        method: 'POST',
        url: '/api/rating',
        token: a.token,
        payload: { raterUserId: a.id, ratedUserId: b.id, matchId, rating: 5 },
      });
      expect(rated.statusCode).toBe(201);
      expect((await setStatus(a, matchId, 'Completed')).statusCode).toBe(200);
      const [row] = await t.database.db
        .select({ status: matchRequests.status })
        .from(matchRequests)
        .where(eq(matchRequests.id, ask.json().entities[0]._id));
      expect(row!.status).toBe('Cancelled');
    } finally {
      t.clock.advance(-(minutesAhead + 60) * 60_000);
    }
  });

  it('rates each co-rider, and completes once the rider has rated both', async () => {
    // Soon, so the sessions outlive the clock's jump past the trip.
    const { a, b, c, matchId, minutesAhead } = await cabOfThree(200);
    t.clock.advance((minutesAhead + 60) * 60_000);
    try {
      const rate = (rater: SignedUpUser, rated: SignedUpUser) =>
        t.request({
          method: 'POST',
          url: '/api/rating',
          token: rater.token,
          payload: { raterUserId: rater.id, ratedUserId: rated.id, matchId, rating: 5 },
        });
      expect((await rate(a, b)).statusCode).toBe(201);
      expect((await setStatus(a, matchId, 'Completed')).statusCode).toBe(409);
      expect((await rate(a, c)).statusCode).toBe(201);
      expect((await setStatus(a, matchId, 'Completed')).statusCode).toBe(200);
      // The others still rate after completion.
      expect((await rate(c, a)).statusCode).toBe(201);
      expect((await rate(c, b)).statusCode).toBe(201);
      const past = await t.request({
        method: 'GET',
        url: `/api/match-or-ride-request/past/${c.id}`,
        token: c.token,
      });
      const trip = (past.json().entities as Trip[]).find((x) => x.match?._id === matchId)!;
      expect(trip.match!.status).toBe('Completed');
      expect(trip.match!.requests).toHaveLength(3);
      expect(trip.myRatings).toHaveLength(2);
    } finally {
      t.clock.advance(-(minutesAhead + 60) * 60_000);
    }
  });

  it('takes back the ratings a rider who leaves after the trip gave; those given to them stay', async () => {
    const { a, b, c, matchId, minutesAhead } = await cabOfThree(200);
    t.clock.advance((minutesAhead + 60) * 60_000);
    try {
      const rate = (rater: SignedUpUser, rated: SignedUpUser, rating: number) =>
        t.request({
          method: 'POST',
          url: '/api/rating',
          token: rater.token,
          payload: { raterUserId: rater.id, ratedUserId: rated.id, matchId, rating },
        });
      for (const [rater, rated, rating] of [
        [c, a, 1],
        [a, c, 4],
        [a, b, 5],
      ] as const)
        expect((await rate(rater, rated, rating)).statusCode).toBe(201);
      expect((await setStatus(c, matchId, 'Cancelled')).statusCode).toBe(200);
      const left = await t.database.db
        .select({ raterId: ratings.raterId, ratedId: ratings.ratedId })
        .from(ratings)
        .where(eq(ratings.matchId, matchId));
      expect(left).toEqual(
        expect.arrayContaining([
          { raterId: a.id, ratedId: c.id },
          { raterId: a.id, ratedId: b.id },
        ]),
      );
      expect(left).toHaveLength(2);
    } finally {
      t.clock.advance(-(minutesAhead + 60) * 60_000);
    }
  });
});
