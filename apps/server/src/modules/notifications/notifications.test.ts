import { sql } from 'drizzle-orm';
import { reports } from '../../db/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppNotification, NotificationList } from '@aeropool/contract/notifications';
import type { ChatAck, ChatSummary, JoinAck } from '@aeropool/contract/chat';
import { userRoom } from '@aeropool/contract/socket-events';
import {
  createRide,
  matchedPair,
  matchesOf,
  PLACES,
  respond,
  rideBody,
  sendMatch,
} from '../../test/ride-factory';
import { collect, connectSocket, nextEvent, type TestSocket } from '../../test/socket-client';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/test-app';
import { alertRidersOfNewRide } from './new-match-alerts';
import { notifyRider } from './notification-service';
import { NOTIFICATION_KEEP_DAYS, pruneNotifications } from './prune-notifications';
import { sendTripReminders } from './trip-reminders';
import { matchMailsPerRecipient } from '../matching/match-limits';

let t: TestApp;
let url: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  url = await t.listen();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

/** Each test's trips on their own day, so open requests of other tests never fit them. */
let day = 0;
const nextDay = () => (++day * 24 + 3) * 60;

const inbox = async (user: SignedUpUser): Promise<NotificationList> => {
  const res = await t.request({ method: 'GET', url: '/api/notifications', token: user.token });
  expect(res.statusCode).toBe(200);
  return res.json().entities[0];
};
const kinds = async (user: SignedUpUser) => (await inbox(user)).notifications.map((n) => n.kind);
const connect = async (user: SignedUpUser) => {
  const socket = await connectSocket(url, user.token);
  sockets.push(socket);
  return socket;
};
const mailsTo = (user: SignedUpUser, subject: RegExp) =>
  t.mail.messages.filter((m) => m.to.includes(user.email) && subject.test(m.subject));
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('notification centre', () => {
  it('tells the recipient of a match request live and keeps it; the sender gets nothing', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp({ firstName: 'Bina' })]);
    const minutesAhead = nextDay();
    const rideA = await createRide(t, a, { minutesAhead });
    const rideB = await createRide(t, b, { minutesAhead, place: PLACES.indiranagar });
    const live = nextEvent(await connect(b), 'notification');
    const sent = await sendMatch(t, a, rideA._id, rideB._id);
    expect(sent.statusCode).toBe(201);
    const pushed: AppNotification = await live;
    expect(pushed).toMatchObject({ kind: 'match-request', link: '/dashboard', readAt: null });
    expect(pushed.title).toBe('New match request from Asha R.');
    const stored = await inbox(b);
    expect(stored.unreadCount).toBe(1);
    expect(stored.notifications[0]).toEqual(pushed);
    expect(await kinds(a)).toEqual([]);
  });

  it('tells the sender of an accept (with the chat link) and of a decline', async () => {
    const [a, b, c] = await Promise.all([
      t.signUp(),
      t.signUp(),
      t.signUp({ firstName: 'Chitra' }),
    ]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: nextDay() });
    const accepted = (await inbox(a)).notifications[0]!;
    expect(accepted).toMatchObject({ kind: 'match-accepted', link: `/chat/${matchId}` });

    const minutesAhead = nextDay();
    const rideA = await createRide(t, a, { minutesAhead });
    const rideC = await createRide(t, c, { minutesAhead, place: PLACES.indiranagar });
    const sent = (await sendMatch(t, a, rideA._id, rideC._id)).json().entities[0];
    expect((await respond(t, c, rideC._id, sent._id, false)).statusCode).toBe(200);
    const declined = (await inbox(a)).notifications[0]!;
    expect(declined).toMatchObject({ kind: 'match-declined', link: '/dashboard' });
    expect(declined.title).toBe('Chitra R. declined your match request');
  });

  it('takes a request withdrawn, or closed by a match elsewhere, off the recipient’s unread count', async () => {
    const [a, b, c] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const minutesAhead = nextDay();
    const rideA = await createRide(t, a, { minutesAhead });
    const rideB = await createRide(t, b, { minutesAhead, place: PLACES.indiranagar });
    const rideC = await createRide(t, c, { minutesAhead });
    const withdrawn = (await sendMatch(t, a, rideA._id, rideB._id)).json().entities[0];
    expect((await inbox(b)).unreadCount).toBe(1);
    const cancel = await t.request({
      method: 'DELETE',
      url: `/api/ride-request/match-request/${withdrawn._id}`,
      token: a.token,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await inbox(b)).unreadCount).toBe(0);

    // C's request to B closes by itself when B matches with A.
    await sendMatch(t, c, rideC._id, rideB._id);
    const again = (await sendMatch(t, a, rideA._id, rideB._id)).json().entities[0];
    expect((await inbox(b)).unreadCount).toBe(2);
    expect((await respond(t, b, rideB._id, again._id, true)).statusCode).toBe(200);
    // C's is read; the one B answered stays as B left it.
    expect((await inbox(b)).unreadCount).toBe(1);
  });

  it('tells a sender waiting for an answer why their request closed unanswered, and no one else', async () => {
    const [a, b, c] = await Promise.all([
      t.signUp({ firstName: 'Asha' }),
      t.signUp({ firstName: 'Bina' }),
      t.signUp({ firstName: 'Chitra' }),
    ]);
    const closedNotices = async (user: SignedUpUser) =>
      (await inbox(user)).notifications.filter((n) => n.title.includes('was closed'));
    const minutesAhead = nextDay();
    const rideA = await createRide(t, a, { minutesAhead });
    const rideB = await createRide(t, b, { minutesAhead, place: PLACES.indiranagar });
    const rideC = await createRide(t, c, { minutesAhead });

    // B changes the trip A asked to share.
    await sendMatch(t, a, rideA._id, rideB._id);
    const edit = await t.request({
      method: 'PUT',
      url: `/api/ride-request/update/${rideB._id}`,
      token: b.token,
      payload: rideBody(t, { minutesAhead: minutesAhead + 10, place: PLACES.indiranagar }),
    });
    expect(edit.statusCode).toBe(200);
    const [changed] = await closedNotices(a);
    expect(changed).toMatchObject({
      kind: 'match-declined',
      title: 'Your match request to Bina R. was closed',
      link: '/dashboard',
    });
    expect(changed!.body).toMatch(
      /^Bina R\. changed their trip\. Other riders may still fit your trip\./,
    );
    await expect.poll(() => mailsTo(a, /your match request to Bina R\. was closed/).length).toBe(1);

    // C and A both ask B; B takes A: C hears it, A (in the cab) and B do not.
    await sendMatch(t, c, rideC._id, rideB._id);
    const taken = (await sendMatch(t, a, rideA._id, rideB._id)).json().entities[0];
    expect((await respond(t, b, rideB._id, taken._id, true)).statusCode).toBe(200);
    const [matched] = await closedNotices(c);
    expect(matched!.body).toMatch(
      /^Bina R\. is now sharing a cab\. Other riders may still fit your trip\./,
    );
    expect(await closedNotices(a)).toHaveLength(1);
    expect(await closedNotices(b)).toHaveLength(0);

    // D asks C, who cancels the ride; C's own request had closed already.
    const d = await t.signUp({ firstName: 'Dev' });
    const rideD = await createRide(t, d, { minutesAhead, place: PLACES.hsrLayout });
    await sendMatch(t, d, rideD._id, rideC._id);
    const cancel = await t.request({
      method: 'DELETE',
      url: `/api/ride-request/cancel/${rideC._id}`,
      token: c.token,
    });
    expect(cancel.statusCode).toBe(200);
    const [cancelled] = await closedNotices(d);
    expect(cancelled!.body).toMatch(/^Chitra R\. cancelled their trip\./);
    expect(await closedNotices(c)).toHaveLength(1);

    // E asks D, who closes the account: E is told the ride went, not why.
    const e = await t.signUp();
    const rideE = await createRide(t, e, { minutesAhead, place: PLACES.indiranagar });
    await sendMatch(t, e, rideE._id, rideD._id);
    const closing = await t.request({
      method: 'DELETE',
      url: `/api/user/deactive/${d.id}`,
      token: d.token,
    });
    expect(closing.statusCode).toBe(200);
    const [gone] = await closedNotices(e);
    expect(gone).toMatchObject({ title: 'Your match request to Dev R. was closed' });
    expect(gone!.body).toMatch(/^Their ride is no longer available\./);
  });

  it('tells a co-rider of a cancellation, once', async () => {
    const [a, b] = await Promise.all([t.signUp({ firstName: 'Anil' }), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: nextDay() });
    const res = await t.request({
      method: 'PUT',
      url: `/api/match/${matchId}`,
      token: a.token,
      payload: { id: matchId, status: 'Cancelled' },
    });
    expect(res.statusCode).toBe(200);
    const cancelled = (await inbox(b)).notifications.filter((n) => n.kind === 'match-cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.title).toBe('Anil R. cancelled your shared ride');
    expect(await kinds(a)).not.toContain('match-cancelled');
  });

  it('tells a rider nothing of an act by someone they blocked since, however late the notice', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const blocked = await t.request({
      method: 'POST',
      url: '/api/blocks',
      token: a.token,
      payload: { userId: b.id },
    });
    expect(blocked.statusCode).toBe(201);
    // As a match request's or an accept's notice does, sent after its transaction: a block
    // can land in between.
    const notice = (userId: string, from: string) =>
      notifyRider(t.app, {
        userId,
        from,
        kind: 'match-request',
        title: 'New match request',
        body: 'A request.',
        link: '/dashboard',
        dedupeKey: `match-request:${from}`,
      });
    await notice(a.id, b.id);
    expect(await kinds(a)).not.toContain('match-request');
    // The blocked rider is not told of the block: the blocker's acts reach them as anyone's.
    await notice(b.id, a.id);
    expect(await kinds(b)).toContain('match-request');
  });

  it(`keeps a notification ${NOTIFICATION_KEEP_DAYS} days, unread or not`, async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: nextDay() });
    const before = (await inbox(a)).notifications.length;
    expect(before).toBeGreaterThan(0);
    // Sessions last 30 days, so the rider's notifications age instead of the clock moving on.
    const age = (days: number) =>
      t.database.db.execute(sql`update notifications
        set created_at = created_at - ${`${days} days`}::interval where user_id = ${a.id}`);
    await age(NOTIFICATION_KEEP_DAYS - 1);
    await pruneNotifications(t.app);
    expect((await inbox(a)).notifications).toHaveLength(before);
    await age(2);
    // A notice of today stays; the old ones go, and the unread count with them.
    await t.request({
      method: 'PUT',
      url: `/api/match/${matchId}`,
      token: b.token,
      payload: { id: matchId, status: 'Cancelled' },
    });
    await pruneNotifications(t.app);
    const kept = await inbox(a);
    expect(kept.notifications.map((n) => n.kind)).toEqual(['match-cancelled']);
    expect(kept.unreadCount).toBe(1);
  });

  it('deletes a backlog larger than one batch', async () => {
    const rider = await t.signUp();
    await t.database.db.execute(sql`insert into notifications
        (user_id, kind, title, body, link, dedupe_key, created_at)
      select ${rider.id}, 'new-match', 'Old', 'Old', '/dashboard', 'backlog:' || n,
        now() - interval '200 days'
      from generate_series(1, 5001) as n`);
    expect(await pruneNotifications(t.app)).toBeGreaterThanOrEqual(5001);
    expect((await inbox(rider)).unreadCount).toBe(0);
  });

  it('tells the rider’s other tabs and devices when notifications are read there', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    await matchedPair(t, a, b, { minutesAhead: nextDay() });
    const [phone, laptop, other] = await Promise.all([connect(a), connect(a), connect(b)]);
    const heardByB = collect(other, 'notifications:read');
    const laptopTold = nextEvent(laptop, 'notifications:read', 3000);
    const phoneTold = nextEvent(phone, 'notifications:read', 3000);
    const read = await t.request({
      method: 'POST',
      url: '/api/notifications/read',
      token: a.token,
      payload: { all: true },
    });
    expect(read.statusCode).toBe(200);
    await Promise.all([laptopTold, phoneTold]);
    // Nothing left unread: nothing to tell.
    const quiet = collect(laptop, 'notifications:read');
    await t.request({
      method: 'POST',
      url: '/api/notifications/read',
      token: a.token,
      payload: { all: true },
    });
    await settle();
    expect(quiet).toEqual([]);
    expect(heardByB).toEqual([]);
  });

  it('marks the rider’s own notifications read, by id or all, and no one else’s', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    await matchedPair(t, a, b, { minutesAhead: nextDay() });
    await matchedPair(t, a, b, { minutesAhead: nextDay() });
    const [first, second] = (await inbox(a)).notifications;
    const byOther = await t.request({
      method: 'POST',
      url: '/api/notifications/read',
      token: b.token,
      payload: { ids: [first!._id] },
    });
    expect(byOther.statusCode).toBe(200);
    expect((await inbox(a)).unreadCount).toBe(2);
    const one = await t.request({
      method: 'POST',
      url: '/api/notifications/read',
      token: a.token,
      payload: { ids: [first!._id] },
    });
    expect(one.json().entities[0].unreadCount).toBe(1);
    expect((await inbox(a)).notifications.find((n) => n._id === second!._id)!.readAt).toBeNull();
    const all = await t.request({
      method: 'POST',
      url: '/api/notifications/read',
      token: a.token,
      payload: { all: true },
    });
    expect(all.json().entities[0].unreadCount).toBe(0);
    const bad = await t.request({
      method: 'POST',
      url: '/api/notifications/read',
      token: a.token,
      payload: { ids: ['nope'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Invalid notification.');
    expect((await t.request({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('switches one kind of e-mail off while the in-app notification still comes', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const saved = await t.request({
      method: 'PUT',
      url: '/api/notifications/email-preferences',
      token: b.token,
      payload: { 'match-request': false },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().entities[0]).toEqual({ 'match-request': false });
    const read = await t.request({
      method: 'GET',
      url: '/api/notifications/email-preferences',
      token: b.token,
    });
    expect(read.json().entities[0]).toEqual({ 'match-request': false });
    const unknown = await t.request({
      method: 'PUT',
      url: '/api/notifications/email-preferences',
      token: b.token,
      payload: { sms: true },
    });
    expect(unknown.statusCode).toBe(400);

    const minutesAhead = nextDay();
    const rideA = await createRide(t, a, { minutesAhead });
    const rideB = await createRide(t, b, { minutesAhead, place: PLACES.indiranagar });
    const sent = (await sendMatch(t, a, rideA._id, rideB._id)).json().entities[0];
    expect(await kinds(b)).toContain('match-request');
    // The accept mail to a (still on) is sent after the request's would have been.
    await respond(t, b, rideB._id, sent._id);
    await t.mail.waitFor(a.email, (m) => /accepted your match request/.test(m.subject));
    await settle();
    expect(mailsTo(b, /new match request/)).toHaveLength(0);
    // Nor did the mail switched off count against B's hourly mail limit (which the new-match
    // mails B still wants share): this hit is the first.
    const hit = await t.app.limits.store.hit(
      `${matchMailsPerRecipient.name}|${b.id}`,
      matchMailsPerRecipient.windowMs,
      t.clock.now().getTime(),
    );
    expect(hit.count).toBe(1);
  });
});

describe('chat notifications and the Chats tab', () => {
  const join = (socket: TestSocket, matchId: string) =>
    new Promise<JoinAck>((resolve) => socket.emit('joinRoom', matchId, resolve));
  const say = (socket: TestSocket, matchId: string, messageText: string) =>
    new Promise<ChatAck>((resolve) =>
      socket.emit('message', { matchId, messageText, clientId: crypto.randomUUID() }, resolve),
    );
  const chats = async (user: SignedUpUser): Promise<ChatSummary[]> =>
    (await t.request({ method: 'GET', url: '/api/chats', token: user.token })).json().entities;

  it('counts a message received before a read but stored after it as unread', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: nextDay() });
    const sa = await connect(a);
    expect((await join(sa, matchId)).ok).toBe(true);
    expect((await say(sa, matchId, 'At pillar 7.')).ok).toBe(true);
    t.clock.advance(60_000);
    try {
      const sb = await connect(b);
      expect((await join(sb, matchId)).ok).toBe(true);
      const readAt = async () =>
        (
          (await t.database.db.execute(
            sql`select last_read_at from match_members where match_id = ${matchId} and user_id = ${b.id}`,
          )) as unknown as { rows: { last_read_at: Date | null }[] }
        ).rows[0]!.last_read_at;
      await expect.poll(readAt).not.toBeNull();
      // A message a's instance received between a's first and b's read, stored only now (it
      // waited in a busy writer's queue): b never saw it.
      await t.database.db.execute(sql`insert into chat_messages
          (match_id, user_id, client_id, body, created_at)
        select match_id, user_id, 'late-message-1', body, created_at + interval '30 seconds'
        from chat_messages where match_id = ${matchId} limit 1`);
      expect((await chats(b))[0]!.unreadCount).toBe(1);
    } finally {
      t.clock.advance(-60_000);
    }
  });

  it('tells a rider’s other tabs of a rating they gave, so those stop offering Rate Now', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const minutesAhead = nextDay();
    const { matchId } = await matchedPair(t, a, b, { minutesAhead });
    t.clock.advance((minutesAhead + 1) * 60_000);
    try {
      const heard = nextEvent(await connect(a), 'trips:changed', 3000, (p) => p.reason === 'rated');
      const rated = await t.request({
        method: 'POST',
        url: '/api/rating',
        token: a.token,
        payload: { matchId, ratedUserId: b.id, rating: 4 },
      });
      expect(rated.statusCode).toBe(201);
      await expect(heard).resolves.toEqual({ reason: 'rated' });
    } finally {
      t.clock.advance(-(minutesAhead + 1) * 60_000);
    }
  });

  it('keeps a chat unread for a rider whose connection died without a word', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: nextDay() });
    const engine = t.app.io.engine as unknown as {
      opts: { pingInterval: number; pingTimeout: number };
    };
    const { pingInterval, pingTimeout } = engine.opts;
    // Short, so the dead socket goes soon; not so short that a busy machine's pause drops the
    // live one too.
    Object.assign(engine.opts, { pingInterval: 400, pingTimeout: 400 });
    try {
      const [sa, sb] = [await connect(a), await connect(b)];
      expect((await join(sa, matchId)).ok).toBe(true);
      expect((await join(sb, matchId)).ok).toBe(true);
      await expect.poll(async () => (await chats(b))[0]!.unreadCount).toBe(0);
      // b's phone goes into a lift: its socket hears nothing more, and answers no ping.
      const ws = (sb.io.engine as unknown as { transport: { ws: { pause(): void } } }).transport.ws;
      ws.pause();
      expect((await say(sa, matchId, 'Cab is at pillar 5')).ok).toBe(true);
      await expect
        .poll(async () => (await t.app.io.in(userRoom(b.id)).fetchSockets()).length, {
          timeout: 5000,
        })
        .toBe(0);
      await settle();
      expect((await chats(b))[0]!.unreadCount).toBe(1);
    } finally {
      Object.assign(engine.opts, { pingInterval, pingTimeout });
    }
  });

  it('notifies a co-rider who is away once per chat, counts unread, and reading clears both', async () => {
    const [a, b] = await Promise.all([t.signUp({ firstName: 'Asha' }), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: nextDay() });
    const sa = await connect(a);
    expect((await join(sa, matchId)).ok).toBe(true);
    // Bina has the app open elsewhere (not this chat): the notification shows the words live.
    const live = nextEvent(await connect(b), 'notification');
    expect((await say(sa, matchId, 'Hi, meet at pillar 7?')).ok).toBe(true);
    expect(await live).toMatchObject({ kind: 'chat-message', body: 'Hi, meet at pillar 7?' });
    expect((await say(sa, matchId, 'I have one bag.')).ok).toBe(true);
    await settle();

    const chatItems = (await inbox(b)).notifications.filter((n) => n.kind === 'chat-message');
    expect(chatItems).toHaveLength(1);
    expect(chatItems[0]).toMatchObject({
      title: 'New message from Asha R.',
      body: 'Open the chat to read it.',
      link: `/chat/${matchId}`,
      readAt: null,
    });
    // The words are in the encrypted chat only, never in the notifications table.
    const stored = await t.database.db.execute(
      sql`select count(*)::int as n from notifications where body like '%bag%' or title like '%bag%'`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    const [summary] = await chats(b);
    expect(summary).toMatchObject({
      matchId,
      coRiders: ['Asha R.'],
      unreadCount: 2,
      lastMessage: { text: 'I have one bag.', authorName: 'Asha R.', fromMe: false },
    });
    expect((await chats(a))[0]).toMatchObject({ unreadCount: 0, lastMessage: { fromMe: true } });

    // b opens the chat: read up to now, the chat's notification too; a message while b is
    // reading notifies nobody.
    const sb = await connect(b);
    expect((await join(sb, matchId)).ok).toBe(true);
    // The read marker is saved after the join's answer, so it is waited for, not slept on (a
    // CI run on a loaded machine took longer than a fixed 300 ms).
    await expect.poll(async () => (await chats(b))[0]!.unreadCount).toBe(0);
    await expect
      .poll(async () => (await inbox(b)).notifications.find((n) => n.kind === 'chat-message'))
      .toMatchObject({ readAt: expect.any(String) });
    await say(sa, matchId, 'See you!');
    await settle();
    expect(
      (await inbox(b)).notifications.find((n) => n.kind === 'chat-message')!.readAt,
    ).not.toBeNull();
    expect((await chats(b))[0]!.lastMessage!.text).toBe('See you!');

    // Latest activity first: a new match without messages, until the older chat speaks again.
    const c = await t.signUp({ firstName: 'Chitra' });
    const later = await matchedPair(t, c, b, { minutesAhead: nextDay() });
    expect((await chats(b)).map((chat) => chat.matchId)).toEqual([later.matchId, matchId]);
    await say(sa, matchId, 'Running late');
    expect((await chats(b)).map((chat) => chat.matchId)).toEqual([matchId, later.matchId]);
  });

  it('a burst while a co-rider is away asks who is reading once per batch, not per message', async () => {
    const [a, b] = await Promise.all([t.signUp({ firstName: 'Asha' }), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: nextDay() });
    const sa = await connect(a);
    expect((await join(sa, matchId)).ok).toBe(true);
    const live = collect(await connect(b), 'notification');
    const adapter = t.app.io.of('/').adapter;
    const asked = vi.spyOn(adapter, 'fetchSockets');
    const burst = ['one', 'two', 'three', 'four', 'five', 'six'];
    try {
      const acks = await Promise.all(burst.map((text) => say(sa, matchId, text)));
      expect(acks.every((ack) => ack.ok)).toBe(true);
      await settle();
      // Six messages arrive in one or two turns: each turn asks this instance (and, as Bina
      // reads nowhere, the cluster) once; one question per message would be six or twelve.
      expect(asked.mock.calls.length).toBeGreaterThan(0);
      expect(asked.mock.calls.length).toBeLessThanOrEqual(4);
    } finally {
      asked.mockRestore();
    }
    // One notification per batch at most, and the last one shows the latest words.
    const chatEvents = live.filter((n) => n.kind === 'chat-message');
    expect(chatEvents.length).toBeGreaterThan(0);
    expect(chatEvents.length).toBeLessThanOrEqual(2);
    expect(chatEvents.at(-1)).toMatchObject({ body: 'six' });
    expect((await inbox(b)).notifications.filter((n) => n.kind === 'chat-message')).toHaveLength(1);
  });
});

describe('jobs: reminders and new-match alerts', () => {
  it('reminds both riders once, two hours before a matched trip', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const minutesAhead = nextDay();
    const { matchId } = await matchedPair(t, a, b, { minutesAhead });
    await sendTripReminders(t.app);
    expect(await kinds(a)).not.toContain('trip-reminder');
    const start = t.clock.now().getTime();
    t.clock.advance((minutesAhead - 110) * 60_000);
    try {
      // Two runs at once (two instances): still one reminder each.
      await Promise.all([sendTripReminders(t.app), sendTripReminders(t.app)]);
      for (const rider of [a, b]) {
        const reminders = (await inbox(rider)).notifications.filter(
          (n) => n.kind === 'trip-reminder',
        );
        expect(reminders).toHaveLength(1);
        expect(reminders[0]).toMatchObject({ link: `/chat/${matchId}` });
        expect(reminders[0]!.title).toBe('Your shared ride is in about 2 hours');
      }
      const reminder = await t.mail.waitFor(b.email, (m) =>
        /^AeroPool: your shared ride/.test(m.subject),
      );
      // Its link goes to the chat, and says so.
      expect(reminder.raw).toContain('Open the chat');
      await sendTripReminders(t.app);
      expect(mailsTo(a, /your shared ride is/)).toHaveLength(1);
    } finally {
      t.clock.set(new Date(start));
    }
  });

  it('reminds riders to the airport by their cab’s plan, which may collect them earlier', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const minutesAhead = nextDay();
    // Both at HSR Layout, asking for 4:00 and 4:20: the cab collects both at 4:10.
    const at = { direction: 'pickup', place: PLACES.hsrLayout } as const;
    const rideA = await createRide(t, a, { ...at, minutesAhead });
    const rideB = await createRide(t, b, { ...at, minutesAhead: minutesAhead + 20 });
    const sent = await sendMatch(t, a, rideA._id, rideB._id);
    expect((await respond(t, b, rideB._id, sent.json().entities[0]._id)).statusCode).toBe(200);
    const start = t.clock.now().getTime();
    // B's own time is 125 minutes away; the cab comes for B in 115.
    t.clock.advance((minutesAhead + 20 - 125) * 60_000);
    try {
      await sendTripReminders(t.app);
      const [reminder] = (await inbox(b)).notifications.filter((n) => n.kind === 'trip-reminder');
      expect(reminder?.title).toBe('Your shared ride is in about 2 hours');
      expect(reminder?.body).toMatch(/ The cab's plan collects you at .+ \(IST\)\. /);
    } finally {
      t.clock.set(new Date(start));
    }
  });

  it('tells a rider of a new ride only where their own list shows it', async () => {
    const minutesAhead = nextDay();
    const [r, newcomer, ...others] = await Promise.all(Array.from({ length: 7 }, () => t.signUp()));
    // R and five more at Whitefield: R's own search finds riders enough near, and looks no
    // farther. The newcomer at Electronic City (17.5 km) finds nobody near, and looks wider.
    const rideR = await createRide(t, r!, { minutesAhead, place: PLACES.whitefield });
    for (const other of others)
      await createRide(t, other, { minutesAhead, place: PLACES.whitefield });
    const rideN = await createRide(t, newcomer!, { minutesAhead, place: PLACES.electronicCity });
    const seenByNewcomer = (await matchesOf(t, newcomer!, rideN._id)).potentialMatches.find(
      (p: { _id: string }) => p._id === rideR._id,
    );
    expect(seenByNewcomer?.matchPercentage).toBeGreaterThanOrEqual(60);
    const seenByR = (await matchesOf(t, r!, rideR._id)).potentialMatches.map(
      (p: { _id: string }) => p._id,
    );
    expect(seenByR).not.toContain(rideN._id);

    await alertRidersOfNewRide(t.app, rideN._id);
    // "Send them a match request from Potential Matches": not where R would not find them.
    expect(await kinds(r!)).not.toContain('new-match');
  });

  it('tells riders whose open request a new ride fits at 60% or more, once', async () => {
    const [a, b, far] = await Promise.all([
      t.signUp(),
      t.signUp({ firstName: 'Bina' }),
      t.signUp(),
    ]);
    const minutesAhead = nextDay();
    const rideA = await createRide(t, a, { minutesAhead });
    await createRide(t, far, { minutesAhead: minutesAhead + 600 });
    const rideB = await createRide(t, b, { minutesAhead, place: PLACES.indiranagar });
    expect(await alertRidersOfNewRide(t.app, rideB._id)).toBe(1);
    await alertRidersOfNewRide(t.app, rideB._id);
    const alerts = (await inbox(a)).notifications.filter((n) => n.kind === 'new-match');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.title).toMatch(/^New \d+% match: Bina R\.$/);
    expect(await kinds(far)).not.toContain('new-match');
    // Asha's ride, posted before Bina's, is not news to Bina: she saw it in her own list at once.
    expect(await alertRidersOfNewRide(t.app, rideA._id)).toBe(0);
    expect(await kinds(b)).not.toContain('new-match');

    // Cancelling and posting the same trip again announces Bina to nobody a second time.
    const cancelled = await t.request({
      method: 'DELETE',
      url: `/api/ride-request/cancel/${rideB._id}`,
      token: b.token,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const again = await createRide(t, b, { minutesAhead, place: PLACES.indiranagar });
    await alertRidersOfNewRide(t.app, again._id);
    expect((await kinds(a)).filter((kind) => kind === 'new-match')).toHaveLength(1);
  });

  it('announces nobody a rider hidden by open reports', async () => {
    const [a, hidden, ...reporters] = await Promise.all([1, 2, 3, 4, 5].map(() => t.signUp()));
    await t.database.db.insert(reports).values(
      reporters.map((reporter) => ({
        reporterId: reporter.id,
        reportedId: hidden!.id,
        reason: 'Harassment' as const,
        description: 'Rude in chat.',
      })),
    );
    const minutesAhead = nextDay();
    await createRide(t, a!, { minutesAhead });
    const rideHidden = await createRide(t, hidden!, { minutesAhead, place: PLACES.indiranagar });
    expect(await alertRidersOfNewRide(t.app, rideHidden._id)).toBe(0);
    expect(await kinds(a!)).not.toContain('new-match');
  });

  it('counts an alert against the mail limit only when a mail goes', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp({ firstName: 'Bina' })]);
    const minutesAhead = nextDay();
    const rideA = await createRide(t, a, { minutesAhead });
    const rideB = await createRide(t, b, { minutesAhead, place: PLACES.indiranagar });
    // Bina's ride changing again and again re-runs the alert; Asha was told once, mailed once.
    for (let run = 0; run < 12; run += 1) await alertRidersOfNewRide(t.app, rideB._id);
    await t.mail.waitFor(a.email, (m) => /^AeroPool: a new rider fits your trip/.test(m.subject));
    // Her mail limit is untouched by the runs that told her nothing: a request still mails her.
    const c = await t.signUp({ firstName: 'Chitra' });
    const rideC = await createRide(t, c, { minutesAhead, place: PLACES.indiranagar });
    expect((await sendMatch(t, c, rideC._id, rideA._id)).statusCode).toBe(201);
    await t.mail.waitFor(a.email, (m) => /new match request/i.test(m.subject));
  });
});
