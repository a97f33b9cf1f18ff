import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRide,
  matchedPair,
  matchesOf,
  PLACES,
  report as reportRider,
  sendMatch,
} from '../../test/ride-factory';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/test-app';
import { releaseDueAccounts } from '../accounts/account-lifecycle';
import { setOperator } from './operator-role';
import { eq, sql } from 'drizzle-orm';
import { auditLog, ratings, users } from '../../db/schema';

let t: TestApp;
let operator: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help@aeropool.test' });
  operator = await t.signUp();
  expect(await setOperator(t.database.db, operator.email.toUpperCase(), true)).toBe('done');
});
afterAll(() => t.close());

const desk = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  t.request({
    method,
    url: `/api/admin${url}`,
    ...(token ? { token } : {}),
    ...(payload ? { payload } : {}),
  });
const queue = async (query = '') =>
  (await desk('GET', `/queue${query}`, operator.token)).json().entities;
const report = (by: SignedUpUser, who: SignedUpUser) => reportRider(t, by, who);
const ticket = (by: SignedUpUser) =>
  t.request({
    method: 'POST',
    url: '/api/support',
    token: by.token,
    payload: {
      subject: 'Refund for my cab',
      category: 'Payment Issues',
      description: 'Please help.',
    },
  });
const login = (user: SignedUpUser) =>
  t.request({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: user.email, password: user.password },
  });

describe('moderation desk', () => {
  it('answers 404 to riders and signed-out callers, exactly as a path that does not exist', async () => {
    const rider = await t.signUp();
    for (const token of [rider.token, undefined, 'not-a-token']) {
      const res = await desk('GET', '/queue', token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        message: 'No route for GET /api/admin/queue.',
        entities: [],
      });
    }
    const unknown = await t.request({
      method: 'GET',
      url: '/api/nothing-here',
      token: rider.token,
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await desk('POST', `/riders/${rider.id}/suspend`, rider.token, { reason: 'x' })).statusCode,
    ).toBe(404);
    expect((await desk('GET', '/audit', rider.token)).statusCode).toBe(404);
    // A body the desk would refuse does not tell that the route is there.
    const xml = await t.request({
      method: 'POST',
      url: `/api/admin/riders/${rider.id}/suspend`,
      token: rider.token,
      headers: { 'content-type': 'text/xml' },
      payload: '<reason/>',
    });
    expect(xml.statusCode).toBe(404);
    expect((await desk('POST', '/tickets/not-a-uuid/replies', rider.token, {})).statusCode).toBe(
      404,
    );
  });

  it('counts the riders behind a rider’s reports, not only the reports: one rider’s many are one voice', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    await matchedPair(t, a, b, { minutesAhead: 610 });
    for (let i = 0; i < 3; i += 1) expect((await report(a, b)).statusCode).toBe(201);
    const about = (await queue('?kind=report')).find(
      (c: { about: { _id: string } | null }) => c.about?._id === b.id,
    ).about;
    expect(about).toMatchObject({ reportCount: 3, reporterCount: 1 });
  });

  it('queues reports and tickets newest first with the riders involved, filters, replies and resolves', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: 600 });
    const reportRes = await report(a, b);
    // A rating on file, so the desk's rating figures are read, not just zero (put in after the
    // report, whose block cancelled the match and with it any rating given on it).
    await t.database.db
      .insert(ratings)
      .values({ raterId: a.id, ratedId: b.id, matchId, rating: 4 });
    const reported = reportRes.json().entities[0];
    const opened = (await ticket(b)).json().entities[0];

    const all = await queue();
    const [first, second] = all.filter((c: { _id: string }) =>
      [reported._id, opened._id].includes(c._id),
    );
    expect(first).toMatchObject({
      kind: 'ticket',
      reference: opened.ticketNumber,
      status: 'Open',
      about: null,
    });
    expect(first.from).toMatchObject({ _id: b.id, email: b.email, reportCount: 1 });
    expect(second).toMatchObject({
      kind: 'report',
      reference: reported.reference,
      label: 'Harassment',
      description: 'Rude messages in chat.',
    });
    expect(second.about).toMatchObject({
      _id: b.id,
      reportCount: 1,
      ratingCount: 1,
      averageRating: 4,
      suspended: false,
    });
    expect(second.about.recentMatches[0].coRiders).toEqual([`${a.firstName} ${a.lastName[0]}.`]);
    const reportsOnly = (await queue('?kind=report')).map((c: { kind: string }) => c.kind);
    expect(reportsOnly.length).toBeGreaterThan(0);
    expect(new Set(reportsOnly)).toEqual(new Set(['report']));
    expect((await desk('GET', '/queue?kind=nonsense', operator.token)).statusCode).toBe(400);

    const replied = await desk('POST', `/tickets/${opened._id}/replies`, operator.token, {
      message: 'We have refunded you.',
    });
    expect(replied.statusCode).toBe(200);
    const mail = await t.mail.waitFor(
      b.email,
      (m) => m.subject.includes(opened.ticketNumber) && m.subject.includes('support ['),
    );
    expect(mail.raw).toContain('We have refunded you.');
    expect(mail.raw).toContain('Reply-To: help@aeropool.test');
    const withReply = (await queue('?kind=ticket')).find(
      (c: { _id: string }) => c._id === opened._id,
    );
    expect(withReply.replies).toEqual([expect.objectContaining({ body: 'We have refunded you.' })]);

    expect((await desk('POST', `/tickets/${opened._id}/resolve`, operator.token)).statusCode).toBe(
      200,
    );
    expect((await desk('POST', `/tickets/${opened._id}/resolve`, operator.token)).statusCode).toBe(
      409,
    );
    // The rider, told "we reply by e-mail", learns it is closed and how to go on (once).
    const resolvedMail = await t.mail.waitFor(b.email, (m) =>
      m.subject.endsWith(`[${opened.ticketNumber}]: resolved`),
    );
    expect(resolvedMail.raw.replace(/=\r?\n/g, '')).toContain('submit a new ticket');
    // A resolved ticket takes no more replies: the rider's answer would reach no open case.
    const mailsBefore = t.mail.messages.length;
    const late = await desk('POST', `/tickets/${opened._id}/replies`, operator.token, {
      message: 'One more thing.',
    });
    expect(late.json()).toMatchObject({
      statusCode: 409,
      message: 'This ticket is resolved, so it takes no more replies.',
    });
    expect(t.mail.messages.slice(mailsBefore).some((m) => m.raw.includes('One more thing.'))).toBe(
      false,
    );
    expect(
      (await desk('POST', `/reports/${reported._id}/resolve`, operator.token)).statusCode,
    ).toBe(200);
    const open = await queue('?status=Open');
    expect(open.map((c: { _id: string }) => c._id)).not.toContain(opened._id);
    expect(open.map((c: { _id: string }) => c._id)).not.toContain(reported._id);

    const auditLog = (await desk('GET', '/audit', operator.token)).json().entities;
    expect(auditLog.slice(0, 3).map((e: { action: string }) => e.action)).toEqual([
      'Resolved report',
      'Resolved ticket',
      'Replied to ticket',
    ]);
    expect(auditLog[0].operator).toContain(operator.email);
  });

  it('pages the audit log, so every action stays findable, not only the newest hundred', async () => {
    // In the past, so the other tests' actions stay the newest.
    const start = t.clock.now().getTime() - 30 * 86_400_000;
    const written = Array.from({ length: 105 }, (_, i) => ({
      id: randomUUID(),
      operatorId: operator.id,
      action: 'Resolved ticket',
      targetKind: 'ticket' as const,
      targetId: randomUUID(),
      detail: `paged ${i}`,
      // Some share a moment: the id decides between them, the same way on every page.
      createdAt: new Date(start + Math.floor(i / 3) * 1000),
    }));
    await t.database.db.insert(auditLog).values(written);
    const page = async (query = '') => {
      const res = await desk('GET', `/audit${query}`, operator.token);
      expect(res.statusCode).toBe(200);
      return res.json().entities as { _id: string; createdAt: string }[];
    };
    const seen: { _id: string; createdAt: string }[] = [];
    // A few pages at most: a `before` that is not followed would repeat the first page for ever.
    for (let pages = 0; pages < 5; pages += 1) {
      const next = await page(seen.length > 0 ? `?before=${seen.at(-1)!._id}` : '');
      seen.push(...next);
      if (next.length < 100) break;
    }
    expect(seen.length).toBeGreaterThanOrEqual(105);
    expect(new Set(seen.map((entry) => entry._id)).size).toBe(seen.length);
    expect(seen.map((entry) => entry._id)).toEqual(
      expect.arrayContaining(written.map((entry) => entry.id)),
    );
    const times = seen.map((entry) => Date.parse(entry.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await desk('GET', '/audit?before=nonsense', operator.token)).statusCode).toBe(400);
  });

  it('leaves a case about the operator to another operator', async () => {
    const rider = await t.signUp();
    await matchedPair(t, rider, operator, { minutesAhead: 620 });
    const against = (await report(rider, operator)).json().entities[0];
    const own = (await ticket(operator)).json().entities[0];
    for (const url of [`/reports/${against._id}/resolve`, `/tickets/${own._id}/resolve`]) {
      const refused = await desk('POST', url, operator.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('This case is about you: another operator resolves it.');
    }
    // Nor does the operator answer their own ticket: no mail, nothing in its thread.
    const replied = await desk('POST', `/tickets/${own._id}/replies`, operator.token, {
      message: 'Sorted, says me.',
    });
    expect(replied.statusCode).toBe(403);
    expect(replied.json().message).toBe('This case is about you: another operator resolves it.');
    const listed = (await queue('?kind=ticket')).find((c: { _id: string }) => c._id === own._id);
    expect(listed.replies).toEqual([]);
    // Nor suspends the rider who reported them, even once the report is resolved.
    const suspend = () =>
      desk('POST', `/riders/${rider.id}/suspend`, operator.token, { reason: 'Rude to me.' });
    const refused = await suspend();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'You and this rider are in a report together: another operator decides on a suspension.',
    );
    await t.database.pool.query("update reports set status = 'Resolved' where id = $1", [
      against._id,
    ]);
    expect((await suspend()).statusCode).toBe(403);
    // Another operator may; and the lifting is theirs too.
    const other = await t.signUp();
    await t.database.pool.query('update users set is_operator = true where id = $1', [other.id]);
    const byOther = (path: string, who: SignedUpUser) =>
      desk('POST', `/riders/${rider.id}/${path}`, who.token, { reason: 'Checked.' });
    expect((await byOther('suspend', other)).statusCode).toBe(200);
    expect((await byOther('lift-suspension', operator)).statusCode).toBe(403);
    expect((await byOther('lift-suspension', other)).statusCode).toBe(200);
  });

  it('mails one answer when two operators reply to a ticket at the same moment', async () => {
    const rider = await t.signUp();
    const opened = (await ticket(rider)).json().entities[0];
    const second = await t.signUp();
    await t.database.pool.query('update users set is_operator = true where id = $1', [second.id]);
    const answers = await Promise.all(
      [
        [operator, 'Refund sent, from the first.'],
        [second, 'Refund sent, from the second.'],
      ].map(([who, message]) =>
        desk('POST', `/tickets/${opened._id}/replies`, (who as typeof operator).token, {
          message,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    expect(answers.find((r) => r.statusCode === 429)!.json().message).toBe(
      'Another reply to this ticket went out moments ago. Refresh the desk and read it before sending yours.',
    );
    await t.mail.waitFor(rider.email, (m) => m.raw.includes('Refund sent, from the'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      t.mail.messages.filter((m) => m.to.includes(rider.email) && m.raw.includes('Refund sent')),
    ).toHaveLength(1);
    const thread = (await queue('?kind=ticket')).find((c: { _id: string }) => c._id === opened._id);
    expect(thread.replies).toHaveLength(1);
  });

  it('answers a reply mailed but not stored as sent, saying so, so it is not sent twice', async () => {
    const rider = await t.signUp();
    const opened = (await ticket(rider)).json().entities[0];
    const db = t.app.db as { transaction: unknown };
    const transaction = db.transaction;
    // The database fails the reply's write, after the mail has gone.
    db.transaction = () => Promise.reject(new Error('connection lost'));
    let replied;
    try {
      replied = await desk('POST', `/tickets/${opened._id}/replies`, operator.token, {
        message: 'Your refund is on its way.',
      });
    } finally {
      db.transaction = transaction;
    }
    expect(replied.json()).toMatchObject({
      statusCode: 200,
      message:
        'Reply sent to the rider, but it could not be added to the ticket: do not send it again.',
    });
    await t.mail.waitFor(rider.email, (m) => m.raw.includes('Your refund is on its way.'));
    // The audit trail still has it.
    const [latest] = (await desk('GET', '/audit', operator.token)).json().entities;
    expect(latest).toMatchObject({
      action: 'Replied to ticket',
      detail: `${opened.ticketNumber} (mailed; not added to the ticket)`,
    });
  });

  it('takes no reply to a ticket whose rider’s account has closed and lost its address', async () => {
    const rider = await t.signUp();
    const opened = (await ticket(rider)).json().entities[0];
    await t.database.db
      .update(users)
      .set({ isActive: false, deactivatedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(users.id, rider.id));
    expect(await releaseDueAccounts(t.database.db, new Date())).toBeGreaterThan(0);
    const mailsBefore = t.mail.messages.length;
    const replied = await desk('POST', `/tickets/${opened._id}/replies`, operator.token, {
      message: 'Here is your answer.',
    });
    expect(replied.json()).toMatchObject({
      statusCode: 409,
      message:
        'This rider’s account has closed and their e-mail address is no longer kept, so a reply cannot reach them.',
    });
    const thread = (await queue('?kind=ticket')).find((c: { _id: string }) => c._id === opened._id);
    expect(thread.replies).toEqual([]);
    expect(t.mail.messages.length).toBe(mailsBefore);
  });

  it('suspends a rider: sessions end, matches are left, sign-in shows the reason; lifting restores sign-in', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: 700 });
    const reason = 'Several riders reported harassment.';
    expect(
      (await desk('POST', `/riders/${b.id}/suspend`, operator.token, { reason })).statusCode,
    ).toBe(200);

    expect(
      (await t.request({ method: 'GET', url: `/api/user/${b.id}`, token: b.token })).statusCode,
    ).toBe(401);
    const refused = await login(b);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      `Your account is suspended: ${reason} If you think this is a mistake, write to help@aeropool.test.`,
    );
    const match = await t.request({ method: 'GET', url: `/api/match/${matchId}`, token: a.token });
    expect(match.json().entities[0].status).toBe('Cancelled');
    // The co-rider is told as of any cancel, in the bell (and by mail), without the reason.
    const inbox = await t.request({ method: 'GET', url: '/api/notifications', token: a.token });
    const told = inbox.json().entities[0].notifications as { kind: string; body: string }[];
    expect(told).toContainEqual(
      expect.objectContaining({
        kind: 'match-cancelled',
        body: expect.stringContaining('cancelled your shared ride'),
      }),
    );
    expect(JSON.stringify(told)).not.toContain(reason);
    // Signed out everywhere, B learns it by mail, with the reason and what became of the ride.
    const suspendedMail = await t.mail.waitFor(b.email, (m) =>
      /your account is suspended/.test(m.subject),
    );
    // Quoted-printable wraps long lines; the words are read unwrapped.
    const body = suspendedMail.raw.replace(/=\r?\n/g, '');
    expect(body).toContain(`Your account is suspended: ${reason}`);
    expect(body).toContain('Any shared ride of yours still ahead was cancelled or left');
    expect(
      (await desk('POST', `/riders/${b.id}/suspend`, operator.token, { reason })).statusCode,
    ).toBe(409);
    expect(
      (await desk('POST', `/riders/${b.id}/suspend`, operator.token, { reason: '' })).statusCode,
    ).toBe(400);
    expect(
      (await desk('POST', `/riders/${operator.id}/suspend`, operator.token, { reason })).statusCode,
    ).toBe(400);

    const lifted = await desk('POST', `/riders/${b.id}/lift-suspension`, operator.token, {
      reason: 'Appeal accepted.',
    });
    expect(lifted.statusCode).toBe(200);
    expect((await login(b)).statusCode).toBe(200);
    await t.mail.waitFor(b.email, (m) => /your account is active again/.test(m.subject));
    const auditLog = (await desk('GET', '/audit', operator.token)).json().entities;
    expect(auditLog.slice(0, 2)).toEqual([
      expect.objectContaining({
        action: 'Lifted suspension',
        detail: 'Appeal accepted.',
        // Named, as the desk shows riders: the id alone tells an operator nothing.
        target: `rider ${b.firstName} ${b.lastName} <${b.email}> (${b.id})`,
      }),
      expect.objectContaining({ action: 'Suspended rider', detail: reason }),
    ]);
  });

  it('the session check itself refuses a suspended rider, whatever their session rows say', async () => {
    const a = await t.signUp();
    // A token never checked yet (so not in any instance's session cache), its session row live.
    const fresh = (await login(a)).json().token as string;
    await t.database.db
      .update(users)
      .set({ suspendedAt: new Date(), suspensionReason: 'Test.' })
      .where(eq(users.id, a.id));
    expect(
      (await t.request({ method: 'GET', url: `/api/user/${a.id}`, token: fresh })).statusCode,
    ).toBe(401);
  });

  it('a rider hidden by three reports is offered again once an operator resolves them', async () => {
    const target = await t.signUp();
    const viewer = await t.signUp();
    const targetRide = await createRide(t, target, {
      minutesAhead: 2000,
      place: PLACES.indiranagar,
    });
    const viewerRide = await createRide(t, viewer, { minutesAhead: 2000 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const reporter = await t.signUp();
      const mine = await createRide(t, reporter, { minutesAhead: 2300 + i * 200 });
      const theirs = await createRide(t, target, {
        minutesAhead: 2300 + i * 200,
        place: PLACES.indiranagar,
      });
      await sendMatch(t, target, theirs._id, mine._id);
      ids.push((await report(reporter, target)).json().entities[0]._id);
    }
    const offered = async () =>
      (await matchesOf(t, viewer, viewerRide._id)).potentialMatches.map(
        (m: { _id: string }) => m._id,
      );
    expect(await offered()).not.toContain(targetRide._id);
    await desk('POST', `/reports/${ids[0]}/resolve`, operator.token);
    expect(await offered()).toContain(targetRide._id);
  });
});

describe('the queue beyond one page', () => {
  it('shows open cases oldest first, so the longest waiting are not cut off, and counts them all', async () => {
    const rider = await t.signUp();
    // 101 tickets older than any other case here, the oldest a day older than the rest.
    await t.database.db.execute(sql`insert into support_tickets
        (user_id, subject, category, description, created_at)
      select ${rider.id}, 'Waiting ' || i, 'General Inquiry', 'Still waiting',
        now() - interval '30 days' - (i || ' minutes')::interval - (case when i = 101 then interval '1 day' else interval '0' end)
      from generate_series(1, 101) as i`);
    try {
      const answer = (await desk('GET', '/queue?kind=ticket&status=Open', operator.token)).json();
      const [{ open }] = (
        (await t.database.db.execute(
          sql`select count(*)::int as open from support_tickets where status = 'Open'`,
        )) as unknown as { rows: { open: number }[] }
      ).rows as [{ open: number }];
      expect(answer.total).toBe(open);
      expect(answer.entities).toHaveLength(100);
      expect(answer.entities[0].subject).toBe('Waiting 101');
      const times = answer.entities.map((c: { createdAt: string }) => c.createdAt);
      expect(times).toEqual([...times].sort());

      const newest = (await desk('GET', '/queue?kind=ticket', operator.token)).json();
      expect(newest.entities[0].subject).not.toMatch(/^Waiting/);
      expect(newest.total).toBeGreaterThanOrEqual(open);
    } finally {
      await t.database.db.execute(sql`delete from support_tickets where user_id = ${rider.id}`);
    }
  });
});
