import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatAck, JoinAck, SendChatMessage } from '@aeropool/contract/chat';
import { matches } from '../../db/schema';
import { countStatements, recordStatements } from '../../test/count-statements';
import { block, matchedPair } from '../../test/ride-factory';
import { collect, connectSocket, nextEvent, type TestSocket } from '../../test/socket-client';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/test-app';
import { encryptMessage, UNREADABLE_MESSAGE } from './message-crypto';

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

const connect = async (user: SignedUpUser) => {
  const socket = await connectSocket(url, user.token);
  sockets.push(socket);
  return socket;
};
const join = (socket: TestSocket, matchId: string) =>
  new Promise<JoinAck>((resolve) => socket.emit('joinRoom', matchId, resolve));
const send = (socket: TestSocket, payload: SendChatMessage) =>
  new Promise<ChatAck>((resolve) => socket.emit('message', payload, resolve));
const history = (user: SignedUpUser, matchId: string, query = '') =>
  t.request({ method: 'GET', url: `/api/match/messages/${matchId}${query}`, token: user.token });

async function pairInChat() {
  const [a, b] = await Promise.all([
    t.signUp({ firstName: 'Asha' }),
    t.signUp({ firstName: 'Bina' }),
  ]);
  const { matchId } = await matchedPair(t, a, b, {
    minutesAhead: 200 + Math.floor(Math.random() * 5000),
  });
  const [sa, sb] = await Promise.all([connect(a), connect(b)]);
  expect(await join(sa, matchId)).toEqual({ ok: true, status: 'Active' });
  expect(await join(sb, matchId)).toEqual({ ok: true, status: 'Active' });
  return { a, b, sa, sb, matchId };
}

describe('chat over socket.io', () => {
  it('refuses a socket without a valid token', async () => {
    await expect(connectSocket(url)).rejects.toThrow('Please log in to continue.');
    await expect(connectSocket(url, 'not-a-token')).rejects.toThrow('Please log in to continue.');
  });

  it('delivers a message to the room with the author from the token and the server time', async () => {
    const { a, b, sa, sb, matchId } = await pairInChat();
    const incoming = nextEvent(sb, 'message');
    const before = Date.now();
    const ack = await send(sa, {
      matchId,
      messageText: '  Meet at gate 4?  ',
      clientId: randomUUID(),
      userId: { _id: b.id },
      timestamp: '2001-01-01T00:00:00Z',
    });
    expect(ack.ok).toBe(true);
    const received = await incoming;
    expect(received).toMatchObject({
      matchId,
      messageText: 'Meet at gate 4?',
      userId: { _id: a.id, firstName: 'Asha', lastName: 'R.', email: '' },
    });
    expect(ack.ok && ack.message._id).toBe(received._id);
    expect(Date.parse(received.timestamp)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('takes a message as the spec’s client sends it, without an id of its own', async () => {
    const { a, b, sa, sb, matchId } = await pairInChat();
    const incoming = nextEvent(sb, 'message');
    // Spec §7: matchId, the userId object, messageText and a timestamp.
    const ack = await send(sa, {
      matchId,
      userId: { _id: a.id, firstName: 'Asha' },
      messageText: 'At pillar 8',
      timestamp: new Date().toISOString(),
    });
    expect(ack.ok).toBe(true);
    expect(await incoming).toMatchObject({ messageText: 'At pillar 8', userId: { _id: a.id } });
    const stored = (await history(b, matchId)).json().entities as { messageText: string }[];
    expect(stored.map((m) => m.messageText)).toEqual(['At pillar 8']);
  });

  it('takes a match id in capitals as the same chat: one room, and messages every read opens', async () => {
    const { a, b, sa, sb, matchId } = await pairInChat();
    const shouted = matchId.toUpperCase();
    expect(await join(sa, shouted)).toEqual({ ok: true, status: 'Active' });
    const incoming = nextEvent(sb, 'message');
    const ack = await send(sa, { matchId: shouted, messageText: 'Gate 4', clientId: randomUUID() });
    expect(ack).toMatchObject({ ok: true, message: { matchId, messageText: 'Gate 4' } });
    expect(await incoming).toMatchObject({ matchId, messageText: 'Gate 4' });
    for (const rider of [a, b]) {
      const read = await history(rider, matchId);
      expect(read.statusCode).toBe(200);
      expect(read.json().entities.at(-1)).toMatchObject({ messageText: 'Gate 4' });
      const chats = await t.request({ method: 'GET', url: '/api/chats', token: rider.token });
      expect(chats.statusCode).toBe(200);
    }
  });

  it('a non-member cannot join, post or hear the room', async () => {
    const { sa, matchId } = await pairInChat();
    const outsider = await connect(await t.signUp());
    const heard = collect(outsider, 'message');
    const errors = collect(outsider, 'chat:error');
    expect(await join(outsider, matchId)).toMatchObject({
      ok: false,
      error: { code: 'NOT_MEMBER' },
    });
    expect(
      await send(outsider, { matchId, messageText: 'hi', clientId: randomUUID() }),
    ).toMatchObject({ ok: false, error: { code: 'NOT_MEMBER' } });
    await send(sa, { matchId, messageText: 'private', clientId: randomUUID() });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([]);
    expect(errors.length).toBe(2);
  });

  it('rejects empty and over-2,000-character text', async () => {
    const { sa, matchId } = await pairInChat();
    expect(await send(sa, { matchId, messageText: '   ', clientId: randomUUID() })).toMatchObject({
      ok: false,
      error: { code: 'INVALID', message: 'Message cannot be empty.' },
    });
    expect(
      await send(sa, { matchId, messageText: 'x'.repeat(2001), clientId: randomUUID() }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID' } });
    expect(
      (await send(sa, { matchId, messageText: 'x'.repeat(2000), clientId: randomUUID() })).ok,
    ).toBe(true);
  });

  it('stores a message re-sent with the same clientId once', async () => {
    const { a, sa, matchId } = await pairInChat();
    const clientId = randomUUID();
    const first = await send(sa, { matchId, messageText: 'once', clientId });
    const again = await send(sa, { matchId, messageText: 'once', clientId });
    expect(first.ok && again.ok && again.message._id === first.message._id).toBe(true);
    expect((await history(a, matchId)).json().entities).toHaveLength(1);
  });

  it('keeps messages encrypted at rest and returns them in order from history, paginated', async () => {
    const { a, b, sa, sb, matchId } = await pairInChat();
    for (let i = 1; i <= 5; i += 1) {
      const socket = i % 2 ? sa : sb;
      expect(
        (
          await send(socket, {
            matchId,
            messageText: `secret message ${i}`,
            clientId: randomUUID(),
          })
        ).ok,
      ).toBe(true);
    }
    const all = (await history(b, matchId)).json().entities;
    expect(all.map((m: { messageText: string }) => m.messageText)).toEqual(
      [1, 2, 3, 4, 5].map((i) => `secret message ${i}`),
    );

    const latestTwo = (await history(a, matchId, '?limit=2')).json().entities;
    expect(latestTwo.map((m: { messageText: string }) => m.messageText)).toEqual([
      'secret message 4',
      'secret message 5',
    ]);
    const older = (await history(a, matchId, `?limit=2&before=${latestTwo[0]._id}`)).json()
      .entities;
    expect(older.map((m: { messageText: string }) => m.messageText)).toEqual([
      'secret message 2',
      'secret message 3',
    ]);
    expect((await history(a, matchId, '?limit=101')).statusCode).toBe(400);

    const stored = (await t.database.db.execute(
      sql`select body from chat_messages where match_id = ${matchId}`,
    )) as unknown as { rows?: { body: string }[] } & { body: string }[];
    const bodies = (stored.rows ?? stored).map((r) => r.body);
    expect(bodies).toHaveLength(5);
    for (const body of bodies) expect(body).not.toContain('secret');
  });

  it('shows a message no key opens as unreadable, and the rest of the chat as it is', async () => {
    const { a, sa, matchId } = await pairInChat();
    for (const text of ['first', 'second'])
      expect((await send(sa, { matchId, messageText: text, clientId: randomUUID() })).ok).toBe(
        true,
      );
    // Stored under a key this server no longer has (CHAT_ENCRYPTION_KEY changed without the old).
    await t.database.db.execute(
      sql`update chat_messages set body = ${encryptMessage(randomBytes(32), matchId, 'lost')}
          where match_id = ${matchId} and body = (select min(body) from chat_messages where match_id = ${matchId})`,
    );
    const res = await history(a, matchId);
    expect(res.statusCode).toBe(200);
    const texts = res.json().entities.map((m: { messageText: string }) => m.messageText);
    expect(texts).toHaveLength(2);
    expect(texts).toContain(UNREADABLE_MESSAGE);
    expect(texts.some((text: string) => text === 'first' || text === 'second')).toBe(true);
  });

  it('ends the live connections of a rider whose password changes', async () => {
    const { a, sa } = await pairInChat();
    const dropped = new Promise<string>((resolve) => sa.once('disconnect', resolve));
    const res = await t.request({
      method: 'PUT',
      url: `/api/user/password/${a.id}`,
      token: a.token,
      payload: { password: 'another123', currentPassword: a.password },
    });
    expect(res.statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    await expect(connectSocket(url, a.token)).rejects.toThrow('Please log in to continue.');
    const fresh = await connectSocket(url, res.json().token);
    sockets.push(fresh);
    expect(fresh.connected).toBe(true);
  });

  it('history is for members only', async () => {
    const { matchId } = await pairInChat();
    expect((await history(await t.signUp(), matchId)).statusCode).toBe(403);
  });

  it('rate-limits a fast sender with an error event, without disconnecting', async () => {
    const { sa, matchId } = await pairInChat();
    const results = await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        send(sa, { matchId, messageText: `m${i}`, clientId: randomUUID() }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok && r.error.code === 'RATE_LIMITED')).toHaveLength(1);
    expect(sa.connected).toBe(true);
  });

  it('counts the message limit per rider, whatever number of sockets they open', async () => {
    const { a, sa, matchId } = await pairInChat();
    const more = await Promise.all([connect(a), connect(a), connect(a)]);
    for (const socket of more) expect((await join(socket, matchId)).ok).toBe(true);
    const all = [sa, ...more];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send(all[i % all.length]!, { matchId, messageText: `m${i}`, clientId: randomUUID() }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok && r.error.code === 'RATE_LIMITED')).toHaveLength(30);
  });

  it('refuses an eleventh open connection of one rider, and limits room joins', async () => {
    const { b, sb, matchId } = await pairInChat();
    const nine = await Promise.all(Array.from({ length: 9 }, () => connect(b)));
    await expect(connectSocket(url, b.token)).rejects.toThrow(
      'Too many open chat connections. Close some AeroPool tabs and try again.',
    );
    nine[0]!.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    sockets.push(await connectSocket(url, b.token));

    // pairInChat joined once; 29 more fit in the window, the next is refused without a query.
    const joins = await Promise.all(Array.from({ length: 30 }, () => join(sb, matchId)));
    expect(joins.filter((r) => r.ok)).toHaveLength(29);
    expect(joins.at(-1)).toEqual({
      ok: false,
      error: {
        code: 'RATE_LIMITED',
        message: 'You are opening chats too fast. Please wait a moment.',
      },
    });
  });

  it('closes a socket that sends a packet far larger than any message', async () => {
    const { sa, matchId } = await pairInChat();
    const closed = new Promise((resolve) => sa.once('disconnect', resolve));
    sa.emit(
      'message',
      { matchId, messageText: 'x'.repeat(400_000), clientId: randomUUID() },
      () => undefined,
    );
    await expect(closed).resolves.toBe('transport close');
  });

  it('honours a leave sent while the join is still being checked: the rider is away, and told', async () => {
    const [a, b] = await Promise.all([t.signUp({ firstName: 'Asha' }), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: 5200 });
    const sa = await connect(a);
    expect((await join(sa, matchId)).ok).toBe(true);
    const sb = await connect(b);
    const bInRoom = async () =>
      (await t.app.io.in(`match:${matchId}`).fetchSockets()).filter((s) => s.data.userId === b.id)
        .length;

    // B opens the chat and goes back before the join's answer.
    const joined = join(sb, matchId);
    sb.emit('leaveRoom', matchId);
    expect((await joined).ok).toBe(true);
    expect(await bInRoom()).toBe(0);
    expect((await send(sa, { matchId, messageText: 'At gate 4', clientId: randomUUID() })).ok).toBe(
      true,
    );
    await expect
      .poll(async () => {
        const inbox = await t.request({ method: 'GET', url: '/api/notifications', token: b.token });
        return (inbox.json().entities[0].notifications as { kind: string }[]).filter(
          (n) => n.kind === 'chat-message',
        ).length;
      })
      .toBe(1);

    // Open, back, open again at once: the last asked wins, whichever join answers first.
    const first = join(sb, matchId);
    sb.emit('leaveRoom', matchId);
    const second = join(sb, matchId);
    expect([(await first).ok, (await second).ok]).toEqual([true, true]);
    expect(await bInRoom()).toBe(1);
  });

  it('closes the chat of a cancelled match, also for a socket that just posted', async () => {
    const { a, sa, sb, matchId } = await pairInChat();
    expect((await send(sb, { matchId, messageText: 'see you', clientId: randomUUID() })).ok).toBe(
      true,
    );
    await t.request({
      method: 'PUT',
      url: `/api/match/${matchId}`,
      token: a.token,
      payload: { status: 'Cancelled' },
    });
    const fresh = await connect(a);
    expect(await join(fresh, matchId)).toEqual({
      ok: true,
      status: 'Cancelled',
      closed: 'This ride was cancelled, so its chat is closed.',
    });
    expect(
      await send(fresh, { matchId, messageText: 'still there?', clientId: randomUUID() }),
    ).toMatchObject({ ok: false, error: { code: 'MATCH_CLOSED' } });
    expect(
      await send(sb, { matchId, messageText: 'still on?', clientId: randomUUID() }),
    ).toMatchObject({ ok: false, error: { code: 'MATCH_CLOSED' } });
    expect(await send(sa, { matchId, messageText: 'bye', clientId: randomUUID() })).toMatchObject({
      ok: false,
      error: { code: 'MATCH_CLOSED' },
    });
    expect(sb.connected).toBe(true);
  });

  it('stores a message with one SQL statement: the right to post is checked by the insert', async () => {
    const { sa, matchId } = await pairInChat();
    // The first message of a connection also reads the author's name, once.
    expect((await send(sa, { matchId, messageText: 'hi', clientId: randomUUID() })).ok).toBe(true);
    let ack: ChatAck | undefined;
    // The first message's away check (after its ack) must be done before counting starts.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const statements = await recordStatements(t.database, async () => {
      ack = await send(sa, { matchId, messageText: 'on my way', clientId: randomUUID() });
      // Telling riders who are away runs after the ack: let it finish inside the count.
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(ack).toMatchObject({ ok: true, message: { messageText: 'on my way' } });
    // The message costs one statement: the insert, which also names the co-riders; both are
    // reading, so the away check reads no more and writes no notification. It is prepared once
    // and only bound afterwards.
    const texts = statements.map((statement) => statement.text);
    expect(texts, texts.join('\n---\n')).toHaveLength(1);
    expect(statements[0]).toMatchObject({
      text: expect.stringMatching(/insert into chat_messages/),
      name: 'chat_store_messages',
    });
  });

  it('messages arriving together are stored together, each once, and delivered in order', async () => {
    const { a, sa, sb, matchId } = await pairInChat();
    const [ca, cb] = [randomUUID(), randomUUID()];
    const heard = collect(sb, 'message');
    let acks: ChatAck[] = [];
    const statements = await countStatements(t.database, async () => {
      acks = await Promise.all([
        send(sa, { matchId, messageText: 'one', clientId: ca }),
        send(sa, { matchId, messageText: 'two', clientId: randomUUID() }),
        send(sa, { matchId, messageText: 'one', clientId: ca }), // a resend in the same burst
        send(sb, { matchId, messageText: 'three', clientId: cb }),
        send(sa, { matchId, messageText: 'four', clientId: randomUUID() }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(acks.map((ack) => ack.ok && ack.message.messageText)).toEqual([
      'one',
      'two',
      'one',
      'three',
      'four',
    ]);
    const ids = acks.map((ack) => (ack.ok ? ack.message._id : ''));
    expect(ids[2]).toBe(ids[0]);
    expect(new Set(ids).size).toBe(4);
    // Messages read in the same turn of the event loop share an insert (one per message would be
    // five); the resend waits for the next one and finds the first stored.
    const inserts = statements.filter((text) => /insert into chat_messages/.test(text));
    expect(inserts.length, statements.join('\n---\n')).toBeLessThanOrEqual(3);
    const stored = (await history(a, matchId)).json().entities as { messageText: string }[];
    expect(stored.map((m) => m.messageText).sort()).toEqual(['four', 'one', 'three', 'two']);
    // Bina hears Asha's three messages once each, in the order they were sent.
    expect(heard.filter((m) => m.userId._id === a.id).map((m) => m.messageText)).toEqual([
      'one',
      'two',
      'four',
    ]);
  });

  it('a block closes every chat between the pair, a completed ride’s too', async () => {
    const { a, b, sa, sb, matchId } = await pairInChat();
    await t.database.db.update(matches).set({ status: 'Completed' }).where(eq(matches.id, matchId));
    expect((await send(sa, { matchId, messageText: 'thanks!', clientId: randomUUID() })).ok).toBe(
      true,
    );
    const blocked = await block(t, b, a);
    expect(blocked.statusCode).toBe(201);
    for (const socket of [sa, sb]) {
      expect(
        await send(socket, { matchId, messageText: 'hello?', clientId: randomUUID() }),
      ).toMatchObject({
        ok: false,
        error: { code: 'MATCH_CLOSED', message: 'This chat is closed.' },
      });
      // Opened again (a reload), the chat says so at once, not at the first message sent.
      expect(await join(socket, matchId)).toEqual({
        ok: true,
        status: 'Completed',
        closed: 'This chat is closed.',
      });
    }
  });
});
