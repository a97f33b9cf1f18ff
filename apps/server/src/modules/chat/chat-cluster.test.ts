import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatAck, JoinAck } from '@aeropool/contract/chat';
import { otpFrom, startMailCapture, type MailCapture } from '../../test/mail-capture';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { collect, connectSocket, nextEvent, type TestSocket } from '../../test/socket-client';
import { openTestDatabase } from '../../test/test-database';

type Rider = { id: string; token: string };
type Answer = { token: string; entities: Record<string, string>[] };

// Two server processes on two ports sharing one PostgreSQL: rooms span them through the adapter.
describe.skipIf(process.env.TEST_DB !== 'postgres')('chat across two server processes', () => {
  let mail: MailCapture;
  let drop: () => Promise<void>;
  const servers: ServerProcess[] = [];
  const sockets: TestSocket[] = [];
  const urls: string[] = [];
  let shared: Record<string, string>;
  const startServer = () => {
    const server = startServerProcess(shared);
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    mail = await startMailCapture();
    const db = await openTestDatabase();
    drop = db.drop;
    shared = {
      DATABASE_URL: db.url!,
      JWT_SECRET: randomBytes(32).toString('hex'),
      CHAT_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      SMTP_URL: mail.url,
      WEB_DIST_DIR: '/nonexistent',
    };
    const two = [startServer(), startServer()];
    for (const server of two) urls.push(`http://127.0.0.1:${await server.port()}`);
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await drop();
    await mail.close();
  });

  const call = async (base: string, method: string, url: string, body?: object, token?: string) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as Answer;
    if (!res.ok) throw new Error(`${method} ${url}: ${JSON.stringify(json)}`);
    return json;
  };

  async function signUp(base: string): Promise<Rider> {
    const email = `cluster.${randomUUID()}@example.com`;
    await call(base, 'POST', '/api/otp/generate', { email, purpose: 'signup' });
    const otp = otpFrom(await mail.waitFor(email));
    const { entities } = await call(base, 'POST', '/api/otp/verify', { email, otp });
    const created = await call(base, 'POST', '/api/user/create', {
      firstName: 'Cluster',
      lastName: 'Rider',
      email,
      password: 'secret123',
      verificationToken: entities[0]!.verificationToken,
    });
    return { id: created.entities[0]!._id!, token: created.token };
  }

  const ride = (
    base: string,
    rider: Rider,
    place: { name: string; latitude: number; longitude: number },
  ) =>
    call(
      base,
      'POST',
      '/api/ride-request/create',
      {
        source: { name: 'Terminal 1', latitude: 13.1991, longitude: 77.7105, encodedString: '' },
        destination: { ...place, encodedString: '' },
        timeOfTravel: Date.now() + 4 * 3_600_000,
      },
      rider.token,
    );

  /** A rider signed up on `first` and one on `second`, matched, each through their own process. */
  async function matchedPair(first: string, second: string) {
    const a = await signUp(first);
    const b = await signUp(second);
    const rideA = (
      await ride(first, a, { name: 'Koramangala', latitude: 12.9352, longitude: 77.6245 })
    ).entities[0]!._id;
    const rideB = (
      await ride(second, b, { name: 'Indiranagar', latitude: 12.9784, longitude: 77.6408 })
    ).entities[0]!._id;
    const sent = await call(
      first,
      'POST',
      '/api/ride-request/send-match-request',
      { fromRequest: rideA, toRequest: rideB },
      a.token,
    );
    const accepted = await call(
      second,
      'PUT',
      '/api/ride-request/respond-match-request',
      { requestId: rideB, matchRequestId: sent.entities[0]!._id, isAccepted: true },
      b.token,
    );
    return { a, b, matchId: accepted.entities[0]!.matchId! };
  }

  const join = (s: TestSocket, matchId: string) =>
    new Promise<JoinAck>((resolve) => s.emit('joinRoom', matchId, resolve));
  const send = (s: TestSocket, matchId: string, text: string) =>
    new Promise<ChatAck>((resolve) =>
      s.emit('message', { matchId, messageText: text, clientId: randomUUID() }, resolve),
    );
  const chatItems = async (base: string, rider: Rider) => {
    const inbox = await call(base, 'GET', '/api/notifications', undefined, rider.token);
    const list = inbox.entities[0] as unknown as { notifications: { kind: string }[] };
    return list.notifications.filter((n) => n.kind === 'chat-message');
  };

  it('a session ended on one process stops working on the other at once', async () => {
    const [one, two] = urls as [string, string];
    const get = (base: string, token: string, id: string) =>
      fetch(`${base}/api/user/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const a = await signUp(one);
    // Warm the second process's session cache first: the revocation must clear it.
    expect((await get(two, a.token, a.id)).status).toBe(200);
    await call(one, 'POST', '/api/user/logout', {}, a.token);
    // The other process learns of it by NOTIFY, milliseconds after the commit (decision 003).
    const statusOn = (base: string, token: string, id: string) => async () =>
      (await get(base, token, id)).status;
    await expect.poll(statusOn(two, a.token, a.id), { timeout: 1000, interval: 20 }).toBe(401);

    const b = await signUp(two);
    const other = await call(one, 'POST', '/api/user/login', {
      email: (await call(two, 'GET', `/api/user/${b.id}`, undefined, b.token)).entities[0]!.email,
      password: 'secret123',
    });
    expect((await get(one, b.token, b.id)).status).toBe(200);
    expect((await get(two, other.token, b.id)).status).toBe(200);
    const changed = await call(
      two,
      'PUT',
      `/api/user/password/${b.id}`,
      { password: 'newsecret1', currentPassword: 'secret123' },
      b.token,
    );
    for (const base of [one, two]) {
      await expect.poll(statusOn(base, b.token, b.id), { timeout: 1000, interval: 20 }).toBe(401);
      await expect
        .poll(statusOn(base, other.token, b.id), { timeout: 1000, interval: 20 })
        .toBe(401);
      expect((await get(base, changed.token, b.id)).status).toBe(200);
    }
  });

  it('a rider on the first process and a rider on the second exchange messages both ways', async () => {
    const [one, two] = urls as [string, string];
    const { a, b, matchId } = await matchedPair(one, two);

    const sa = await connectSocket(one, a.token);
    const sb = await connectSocket(two, b.token);
    sockets.push(sa, sb);
    expect(await join(sa, matchId)).toEqual({ ok: true, status: 'Active' });
    expect(await join(sb, matchId)).toEqual({ ok: true, status: 'Active' });

    const toB = nextEvent(sb, 'message', 5000, (m) => m.userId._id === a.id);
    expect((await send(sa, matchId, 'hello from process one')).ok).toBe(true);
    expect((await toB).messageText).toBe('hello from process one');

    const toA = nextEvent(sa, 'message', 5000, (m) => m.userId._id === b.id);
    expect((await send(sb, matchId, 'hello back from process two')).ok).toBe(true);
    expect(await toA).toMatchObject({
      messageText: 'hello back from process two',
      userId: { _id: b.id },
    });

    const history = await call(one, 'GET', `/api/match/messages/${matchId}`, undefined, a.token);
    expect(history.entities.map((m) => m.messageText)).toEqual([
      'hello from process one',
      'hello back from process two',
    ]);

    // Quick messages reach the other process in the order they were sent.
    const burst = ['gate 4', 'no, gate 5', 'near the coffee', 'blue bag', 'see you'];
    const heard = collect(sb, 'message');
    const acks = await Promise.all(burst.map((text) => send(sa, matchId, text)));
    expect(acks.every((ack) => ack.ok)).toBe(true);
    await expect
      .poll(() => heard.filter((m) => m.userId._id === a.id).map((m) => m.messageText))
      .toEqual(burst);

    // Bina reads on the other process: process one learns it from the cluster and notifies
    // nobody. Once she leaves the chat, the next message notifies her.
    expect(await chatItems(two, b)).toEqual([]);
    sb.emit('leaveRoom', matchId);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the leave reaches process two
    const notified = nextEvent(sb, 'notification', 5000);
    expect((await send(sa, matchId, 'are you there?')).ok).toBe(true);
    expect(await notified).toMatchObject({ kind: 'chat-message', body: 'are you there?' });
    expect(await chatItems(two, b)).toHaveLength(1);
  });

  it('an instance that dies without a word does not cost a co-rider the notification', async () => {
    const [one, two] = urls as [string, string];
    const { a, b, matchId } = await matchedPair(one, two);
    const sa = await connectSocket(one, a.token);
    sockets.push(sa);
    expect(await join(sa, matchId)).toEqual({ ok: true, status: 'Active' });

    // A third instance joins the cluster and is killed: for the adapter's heartbeat timeout the
    // others still count it, so asking the cluster who is reading gets no whole answer.
    const third = startServer();
    await third.port();
    await new Promise((resolve) => setTimeout(resolve, 500)); // its first heartbeat is heard
    third.child.kill('SIGKILL');
    await third.exited;

    // Bina has no chat open anywhere; process one cannot hear from every instance, so it tells her.
    expect((await send(sa, matchId, 'taxi at bay 3')).ok).toBe(true);
    await expect.poll(() => chatItems(two, b), { timeout: 15_000, interval: 250 }).toHaveLength(1);
  }, 60_000);
});
