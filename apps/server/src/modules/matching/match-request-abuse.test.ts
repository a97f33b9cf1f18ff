import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRequests, rideRequests } from '../../db/schema';
import { createRide, respond, sendMatch } from '../../test/ride-factory';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const withdraw = (user: SignedUpUser, id: string) =>
  t.request({ method: 'DELETE', url: `/api/ride-request/match-request/${id}`, token: user.token });

const mailsTo = (user: SignedUpUser) =>
  t.mail.messages.filter(
    (m) => m.to.includes(user.email.toLowerCase()) && m.subject.includes('new match request'),
  );

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('match requests are hard to abuse', () => {
  it('send and withdraw in a loop mails the recipient once, and the sender is stopped after 30 an hour', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const rideA = await createRide(t, a, { minutesAhead: 9000 });
    const rideB = await createRide(t, b, { minutesAhead: 9000 });
    for (let round = 0; round < 30; round += 1) {
      const sent = await sendMatch(t, a, rideA._id, rideB._id);
      expect(sent.statusCode).toBe(201);
      expect((await withdraw(a, sent.json().entities[0]._id)).statusCode).toBe(200);
    }
    await settle();
    expect(mailsTo(b)).toHaveLength(1);

    const refused = await sendMatch(t, a, rideA._id, rideB._id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^You have sent many match requests in the last hour\. Please try again in \d+ minutes\.$/,
    );
    // Nothing was stored for the refused one.
    const stored = await t.database.db
      .select()
      .from(matchRequests)
      .where(and(eq(matchRequests.fromRequestId, rideA._id), eq(matchRequests.status, 'Pending')));
    expect(stored).toEqual([]);
  });

  it('a refused request is not counted against the 30 an hour', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const rideA = await createRide(t, a, { minutesAhead: 9200 });
    const rideB = await createRide(t, b, { minutesAhead: 9200 });
    const first = await sendMatch(t, a, rideA._id, rideB._id);
    expect(first.statusCode).toBe(201);
    for (let round = 0; round < 30; round += 1) {
      const again = await sendMatch(t, a, rideA._id, rideB._id);
      expect(again.json().message).toBe('A match request between these rides is already pending.');
    }
    expect((await withdraw(a, first.json().entities[0]._id)).statusCode).toBe(200);
    expect((await sendMatch(t, a, rideA._id, rideB._id)).statusCode).toBe(201);
  });

  it('a rider gets at most 10 match-request mails an hour, whoever sends them', async () => {
    const target = await t.signUp();
    const rideT = await createRide(t, target, { minutesAhead: 9500 });
    const senders = await Promise.all(Array.from({ length: 12 }, () => t.signUp()));
    for (const sender of senders) {
      const ride = await createRide(t, sender, { minutesAhead: 9500 });
      expect((await sendMatch(t, sender, ride._id, rideT._id)).statusCode).toBe(201);
    }
    await settle();
    expect(mailsTo(target)).toHaveLength(10);
  });
});

describe('one mail per pair of rides', () => {
  it('a request sent back within 10 minutes mails nobody, and withdrawing mails nobody', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const rideA = await createRide(t, a, { minutesAhead: 9300 });
    const rideB = await createRide(t, b, { minutesAhead: 9300 });
    const sent = await sendMatch(t, a, rideA._id, rideB._id);
    expect((await withdraw(a, sent.json().entities[0]._id)).statusCode).toBe(200);
    expect((await sendMatch(t, b, rideB._id, rideA._id)).statusCode).toBe(201);
    await settle();
    expect(mailsTo(b)).toHaveLength(1);
    expect(mailsTo(a)).toHaveLength(0);
  });
});

describe('a match request racing an accept', () => {
  it('never stays Pending on a ride that got matched', async () => {
    for (let trial = 0; trial < 8; trial += 1) {
      const [a, b, c] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
      const minutesAhead = 10_000 + trial * 200;
      const [rideA, rideB, rideC] = await Promise.all([
        createRide(t, a, { minutesAhead }),
        createRide(t, b, { minutesAhead }),
        createRide(t, c, { minutesAhead }),
      ]);
      const fromA = (await sendMatch(t, a, rideA._id, rideB._id)).json().entities[0]._id;
      // B accepts A while C sends to B.
      const [accepted, sent] = await Promise.all([
        respond(t, b, rideB._id, fromA),
        sendMatch(t, c, rideC._id, rideB._id),
      ]);
      expect(accepted.statusCode).toBe(200);
      expect([201, 409]).toContain(sent.statusCode);

      const rides = await t.database.db
        .select()
        .from(rideRequests)
        .where(inArray(rideRequests.id, [rideB._id]));
      expect(rides[0]!.status).toBe('Matched');
      const pendingOnB = await t.database.db
        .select()
        .from(matchRequests)
        .where(and(eq(matchRequests.toRequestId, rideB._id), eq(matchRequests.status, 'Pending')));
      // Sent after the accept, C's request asks to join the cab of A and B: never a stale pair.
      expect(pendingOnB.filter((p) => p.toMatchId === null)).toEqual([]);
      for (const pending of pendingOnB) expect(pending.toMatchId).toBe(rides[0]!.currentMatchId);
    }
  });
});
