import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRide,
  matchedPair,
  matchesOf,
  PLACES,
  respond,
  rideBody,
  sendMatch,
} from '../../test/ride-factory';
import { rideRequests } from '../../db/schema';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/test-app';
import { storeMessage } from '../chat/chat-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help@aeropool.test' });
});
afterAll(() => t.close());

const block = (by: SignedUpUser, who: SignedUpUser) =>
  t.request({ method: 'POST', url: '/api/blocks', token: by.token, payload: { userId: who.id } });
const blocksOf = async (user: SignedUpUser) =>
  (await t.request({ method: 'GET', url: '/api/blocks', token: user.token })).json().entities;
const report = (by: SignedUpUser, who: SignedUpUser, reason = 'Harassment') =>
  t.request({
    method: 'POST',
    url: '/api/reports',
    token: by.token,
    payload: { userId: who.id, reason, description: 'Kept calling me at night.' },
  });
const potentialIds = async (user: SignedUpUser, rideId: string) =>
  ((await matchesOf(t, user, rideId)).potentialMatches as { _id: string }[]).map((m) => m._id);
const statusOf = async (rideId: string) =>
  (
    await t.database.db
      .select({ status: rideRequests.status })
      .from(rideRequests)
      .where(eq(rideRequests.id, rideId))
  )[0]?.status;

describe('block', () => {
  it('makes a pair invisible to each other both ways and refuses match requests', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const rideA = await createRide(t, a, { minutesAhead: 600 });
    const rideB = await createRide(t, b, { minutesAhead: 600, place: PLACES.indiranagar });
    expect(await potentialIds(a, rideA._id)).toContain(rideB._id);

    const res = await block(a, b);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(
      `${b.firstName} ${b.lastName[0]}. is blocked. You will not see each other again.`,
    );
    expect(await potentialIds(a, rideA._id)).not.toContain(rideB._id);
    expect(await potentialIds(b, rideB._id)).not.toContain(rideA._id);
    const sent = await sendMatch(t, a, rideA._id, rideB._id);
    expect(sent.json()).toMatchObject({
      statusCode: 403,
      message: 'You cannot match with this rider.',
    });
    // The blocked rider, with an id seen on an earlier card, learns nothing of the block.
    const back = await sendMatch(t, b, rideB._id, rideA._id);
    expect(back.json()).toMatchObject({
      statusCode: 409,
      message: 'That ride is no longer available.',
    });
    // Blocking twice is harmless; blocking oneself is not a thing.
    expect((await block(a, b)).statusCode).toBe(201);
    expect((await block(a, a)).statusCode).toBe(400);

    const list = await blocksOf(a);
    expect(list).toEqual([
      expect.objectContaining({ _id: b.id, firstName: b.firstName, lastName: `${b.lastName[0]}.` }),
    ]);
    expect(await blocksOf(b)).toEqual([]);

    const lifted = await t.request({
      method: 'DELETE',
      url: `/api/blocks/${b.id}`,
      token: a.token,
    });
    expect(lifted.statusCode).toBe(200);
    expect(await blocksOf(a)).toEqual([]);
    expect(await potentialIds(b, rideB._id)).toContain(rideA._id);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/blocks/${b.id}`, token: a.token }))
        .statusCode,
    ).toBe(404);
  });

  it('answers a blocked rider’s request from a ride that does not fit as it answers anyone', async () => {
    const [a, b, stranger] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const rideA = await createRide(t, a, { minutesAhead: 730 });
    expect((await block(a, b)).statusCode).toBe(201);
    // The other direction: no cab fits, blocked or not; the answer must not tell the two apart.
    const answers = [];
    for (const sender of [b, stranger]) {
      const own = await createRide(t, sender, { minutesAhead: 730, direction: 'pickup' });
      const sent = await sendMatch(t, sender, own._id, rideA._id);
      answers.push([sent.statusCode, sent.json().message]);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]![0]).toBe(400);
  });

  it('refuses a block of oneself written in capitals, leaving one’s own matches alone', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: 740 });
    const self = await t.request({
      method: 'POST',
      url: '/api/blocks',
      token: a.token,
      payload: { userId: a.id.toUpperCase() },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot block yourself.');
    const match = await t.request({ method: 'GET', url: `/api/match/${matchId}`, token: a.token });
    expect(match.json().entities[0].status).toBe('Active');
    expect(await blocksOf(a)).toEqual([]);
  });

  it('leaves the blocker’s new plans off the old match the blocked rider can still open', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { rideA, rideB, matchId } = await matchedPair(t, a, b, { minutesAhead: 750 });
    expect((await block(a, b)).statusCode).toBe(201);
    // A's ride opened again under its id; A moves it.
    const edited = await t.request({
      method: 'PUT',
      url: `/api/ride-request/update/${rideA._id}`,
      token: a.token,
      payload: rideBody(t, { minutesAhead: 760, place: PLACES.hsrLayout }),
    });
    expect(edited.statusCode).toBe(200);
    for (const [viewer, own, other] of [
      [b, rideB, rideA],
      [a, rideA, rideB],
    ] as const) {
      const seen = await t.request({
        method: 'GET',
        url: `/api/match/${matchId}`,
        token: viewer.token,
      });
      expect(seen.statusCode).toBe(200);
      const ids = seen.json().entities[0].requests.map((r: { _id: string }) => r._id);
      expect(ids).toEqual([own._id]);
      expect(ids).not.toContain(other._id);
      if (viewer === b) expect(seen.body).not.toContain('HSR Layout');
    }
  });

  it('declines pending requests between the pair, so they cannot be accepted', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const rideA = await createRide(t, a, { minutesAhead: 700 });
    const rideB = await createRide(t, b, { minutesAhead: 700, place: PLACES.indiranagar });
    const sent = await sendMatch(t, a, rideA._id, rideB._id);
    expect(sent.statusCode).toBe(201);
    expect((await matchesOf(t, b, rideB._id)).incomingMatches).toHaveLength(1);

    expect((await block(b, a)).statusCode).toBe(201);
    expect((await matchesOf(t, b, rideB._id)).incomingMatches).toHaveLength(0);
    expect((await matchesOf(t, a, rideA._id)).outgoingMatches).toHaveLength(0);
    const accepted = await respond(t, b, rideB._id, sent.json().entities[0]._id);
    expect(accepted.statusCode).toBe(409);
  });

  it('cancels an Active match between them with a notice to both; both rides are open again', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { rideA, rideB, matchId } = await matchedPair(t, a, b, { minutesAhead: 800 });
    const before = t.mail.messages.length;

    expect((await block(a, b)).statusCode).toBe(201);
    const match = await t.request({ method: 'GET', url: `/api/match/${matchId}`, token: a.token });
    expect(match.json().entities[0].status).toBe('Cancelled');
    for (const ride of [rideA, rideB]) expect(await statusOf(ride._id)).toBe('Active');
    const toA = await t.mail.waitFor(a.email, (m) =>
      m.subject.includes('your match was cancelled'),
    );
    expect(t.mail.messages.indexOf(toA)).toBeGreaterThanOrEqual(before);
    // The blocked rider is not told of a block: to them it is the other cancelling the ride, in
    // the same words as any cancellation (mail, bell).
    const cancelledBy = `${a.firstName} ${a.lastName[0]}. cancelled your shared ride`;
    const toB = await t.mail.waitFor(
      b.email,
      (m) =>
        m.subject === `AeroPool: “${a.firstName} ${a.lastName[0]}.” cancelled your shared ride`,
    );
    expect(t.mail.messages.indexOf(toB)).toBeGreaterThanOrEqual(before);
    expect(toB.raw).not.toContain('block');
    const bell = await t.request({ method: 'GET', url: '/api/notifications', token: b.token });
    expect(bell.json().entities[0].notifications).toContainEqual(
      expect.objectContaining({ kind: 'match-cancelled', title: cancelledBy }),
    );
  });

  it('after the trip leaves the match for its riders to rate and complete; its chat closes', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: 850 });
    const rate = (by: SignedUpUser, who: SignedUpUser) =>
      t.request({
        method: 'POST',
        url: '/api/rating',
        token: by.token,
        payload: { raterUserId: by.id, ratedUserId: who.id, matchId, rating: 2 },
      });
    t.clock.advance(851 * 60_000);
    try {
      expect((await rate(a, b)).statusCode).toBe(201);
      expect((await block(a, b)).statusCode).toBe(201);
      const match = await t.request({
        method: 'GET',
        url: `/api/match/${matchId}`,
        token: b.token,
      });
      expect(match.json().entities[0].status).toBe('Active');
      // The ride happened: B may still rate A, and A's rating of B stands.
      expect((await rate(b, a)).statusCode).toBe(201);
      const sent = await t.request({
        method: 'PUT',
        url: `/api/match/${matchId}`,
        token: a.token,
        payload: { id: matchId, status: 'Completed' },
      });
      expect(sent.statusCode).toBe(200);
      await expect(
        storeMessage(t.app, { matchId, userId: b.id, clientId: randomUUID(), text: 'Why?' }),
      ).rejects.toMatchObject({ statusCode: 409 });
    } finally {
      t.clock.advance(-851 * 60_000);
    }
  });

  it('after the trip keeps the blocked rider’s cancel from reaching the blocker', async () => {
    const [a, b, c, d] = await Promise.all([t.signUp(), t.signUp(), t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: 860 });
    // A second pair, no block: its cancel is heard, so the first one's silence means something.
    const other = await matchedPair(t, c, d, { minutesAhead: 860 });
    t.clock.advance(861 * 60_000);
    try {
      expect((await block(a, b)).statusCode).toBe(201);
      for (const [by, id] of [
        [b, matchId],
        [d, other.matchId],
      ] as const) {
        const cancelled = await t.request({
          method: 'PUT',
          url: `/api/match/${id}`,
          token: by.token,
          payload: { status: 'Cancelled' },
        });
        expect(cancelled.statusCode).toBe(200);
      }
      await t.mail.waitFor(c.email, (m) => m.subject.includes('cancelled your shared ride'));
      const kinds = async (user: SignedUpUser) =>
        (await t.request({ method: 'GET', url: '/api/notifications', token: user.token }))
          .json()
          .entities[0].notifications.map((n: { kind: string }) => n.kind);
      expect(await kinds(c)).toContain('match-cancelled');
      expect(await kinds(a)).not.toContain('match-cancelled');
      expect(
        t.mail.messages.filter(
          (m) => m.to.includes(a.email) && m.subject.includes('cancelled your shared ride'),
        ),
      ).toEqual([]);
    } finally {
      t.clock.advance(-861 * 60_000);
    }
  });

  it('mails the blocked rider of the cancellation only if they want such mail', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const off = await t.request({
      method: 'PUT',
      url: '/api/notifications/email-preferences',
      token: b.token,
      payload: { 'match-cancelled': false },
    });
    expect(off.statusCode).toBe(200);
    await matchedPair(t, a, b, { minutesAhead: 820 });
    // The request's and the accept's mails first, so only the block's are counted.
    await t.mail.waitFor(b.email, (m) => m.subject.includes('new match request'));
    await t.mail.waitFor(a.email, (m) => m.subject.includes('accepted your match request'));
    const before = t.mail.messages.length;
    expect((await block(a, b)).statusCode).toBe(201);
    // The blocker's confirmation goes; the blocked rider's, switched off, does not.
    await t.mail.waitFor(a.email, (m) => m.subject.includes('your match was cancelled'));
    // The mails of one block go out together: a moment more for one that should not come.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      t.mail.messages
        .slice(before)
        .filter((m) => m.to.includes(b.email))
        .map((m) => m.subject),
    ).toEqual([]);
  });

  it('needs a signed-in rider and a valid rider id', async () => {
    const a = await t.signUp();
    expect(
      (await t.request({ method: 'POST', url: '/api/blocks', payload: { userId: a.id } }))
        .statusCode,
    ).toBe(401);
    const bad = await t.request({
      method: 'POST',
      url: '/api/blocks',
      token: a.token,
      payload: { userId: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await t.request({
      method: 'POST',
      url: '/api/blocks',
      token: a.token,
      payload: { userId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('report', () => {
  it('only for a rider met through a match or a request; stored, mailed, acknowledged, and blocks', async () => {
    const [a, b, stranger] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const refused = await report(a, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'You can only report a rider you have been matched with or who has sent you a match request.',
    );

    await matchedPair(t, a, b, { minutesAhead: 900 });
    const res = await report(a, b, 'Unsafe behaviour');
    expect(res.statusCode).toBe(201);
    const receipt = res.json().entities[0];
    expect(receipt.reference).toMatch(/^RP-\d+$/);
    expect(res.json().message).toBe(
      `Thanks for telling us. Your report ${receipt.reference} is with our team, and this rider is blocked.`,
    );
    const toSupport = await t.mail.waitFor('help@aeropool.test', (m) =>
      m.subject.includes(receipt.reference),
    );
    expect(toSupport.raw).toContain(a.id);
    expect(toSupport.raw).toContain(b.id);
    const ack = await t.mail.waitFor(a.email, (m) => m.subject.includes(receipt.reference));
    expect(ack.subject).toBe(`AeroPool: we received your report ${receipt.reference}`);
    expect((await blocksOf(a)).map((r: { _id: string }) => r._id)).toEqual([b.id]);

    const invalid = await t.request({
      method: 'POST',
      url: '/api/reports',
      token: a.token,
      payload: { userId: b.id, reason: 'Rude', description: '' },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('the recipient of a match request can report its sender; the sender cannot report a stranger so', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const rideA = await createRide(t, a, { minutesAhead: 950 });
    const rideB = await createRide(t, b, { minutesAhead: 950, place: PLACES.indiranagar });
    const sent = await sendMatch(t, a, rideA._id, rideB._id);
    expect(sent.statusCode).toBe(201);
    // Sending a request (and withdrawing it) is no way to report a stranger.
    await t.request({
      method: 'DELETE',
      url: `/api/ride-request/match-request/${sent.json().entities[0]._id}`,
      token: a.token,
    });
    expect((await report(a, b, 'Fake profile')).statusCode).toBe(403);
    expect((await report(b, a, 'Fake profile')).statusCode).toBe(201);
  });

  it('an ask to join a cab lets the riders in it then report its sender, not one who joined later', async () => {
    const [a, b, asker, later] = await Promise.all([
      t.signUp(),
      t.signUp(),
      t.signUp(),
      t.signUp(),
    ]);
    const { rideA } = await matchedPair(t, a, b, { minutesAhead: 2500 });
    const askerRide = await createRide(t, asker, { minutesAhead: 2500 });
    t.clock.advance(1000);
    const ask = await sendMatch(t, asker, askerRide._id, rideA._id);
    expect(ask.statusCode, ask.body).toBe(201);
    t.clock.advance(1000);
    expect((await respond(t, a, rideA._id, ask.json().entities[0]._id, false)).statusCode).toBe(
      200,
    );

    // A third rider joins the cab afterwards: they never saw the declined ask.
    const laterRide = await createRide(t, later, { minutesAhead: 2500 });
    t.clock.advance(1000);
    const joined = await sendMatch(t, later, laterRide._id, rideA._id);
    expect(joined.statusCode, joined.body).toBe(201);
    expect((await respond(t, a, rideA._id, joined.json().entities[0]._id)).statusCode).toBe(200);

    expect((await report(later, asker)).statusCode).toBe(403);
    expect((await report(b, asker)).statusCode).toBe(201);
  });

  it('hides a rider reported by three different riders from potential matches', async () => {
    const target = await t.signUp();
    const reporters = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const viewer = await t.signUp();
    const targetRide = await createRide(t, target, {
      minutesAhead: 1100,
      place: PLACES.indiranagar,
    });
    const viewerRide = await createRide(t, viewer, { minutesAhead: 1100 });
    const waiter = await t.signUp();
    const waiterRide = await createRide(t, waiter, { minutesAhead: 1100 });
    const waiting = await sendMatch(t, target, targetRide._id, waiterRide._id);
    expect(waiting.statusCode).toBe(201);
    for (const [index, reporter] of reporters.entries()) {
      // Each reporter met the target through a match request the target sent from an earlier ride.
      const mine = await createRide(t, reporter, { minutesAhead: 1300 + index * 200 });
      const theirs = await createRide(t, target, {
        minutesAhead: 1300 + index * 200,
        place: PLACES.indiranagar,
      });
      expect((await sendMatch(t, target, theirs._id, mine._id)).statusCode).toBe(201);
      expect(await potentialIds(viewer, viewerRide._id)).toContain(targetRide._id);
      expect((await report(reporter, target, 'No-show')).statusCode).toBe(201);
    }
    expect(await potentialIds(viewer, viewerRide._id)).not.toContain(targetRide._id);
    // Nor can they reach others by asking: a request waiting from before leaves the list and
    // cannot be accepted, and a new one is refused.
    expect((await matchesOf(t, waiter, waiterRide._id)).incomingMatches).toEqual([]);
    const accepted = await respond(t, waiter, waiterRide._id, waiting.json().entities[0]._id);
    expect(accepted.json()).toMatchObject({
      statusCode: 409,
      message: 'That ride is no longer available.',
    });
    const other = await t.signUp();
    const otherRide = await createRide(t, other, { minutesAhead: 1100 });
    const sent = await sendMatch(t, target, targetRide._id, otherRide._id);
    expect(sent.json()).toMatchObject({
      statusCode: 403,
      message:
        'Your account is being reviewed, so you cannot send match requests for now. Contact support if you think this is a mistake.',
    });
  });
});
