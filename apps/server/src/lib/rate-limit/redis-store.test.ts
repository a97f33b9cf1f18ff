import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/test-app';
import type { LimitStore } from './limit-store';
import { createRedisStore } from './redis-store';

/** Nothing listens on port 1: the connection is refused at once. */
const UNREACHABLE = 'redis://127.0.0.1:1';
const redisUrl = process.env.TEST_REDIS_URL;

const collectingLog = () => {
  const lines: { level: 'warn' | 'info'; message: string }[] = [];
  return {
    lines,
    warn: (_details: object, message: string) => void lines.push({ level: 'warn', message }),
    info: (_details: object, message: string) => void lines.push({ level: 'info', message }),
  };
};

/**
 * A TCP relay to the test Redis that can be cut and restored, as a network or a restart would,
 * or hold what the client sends, as a stalled Redis would.
 */
async function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let held: { upstream: net.Socket; chunk: Buffer }[] | undefined;
  let heldBytes = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('data', (chunk: Buffer) => {
      if (!held) return void upstream.write(chunk);
      held.push({ upstream, chunk });
      heldBytes += chunk.length;
    });
    upstream.pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
    );
  const port = await listen(0);
  return {
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
    restore: () => listen(port),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    hold: () => void (held = []),
    heldBytes: () => heldBytes,
    /** Sends on what was held: the stalled Redis answers late. */
    resume() {
      for (const { upstream, chunk } of held ?? []) upstream.write(chunk);
      held = undefined;
    },
  };
}

describe('the Redis limit store when Redis cannot be reached (decision 016)', () => {
  const opened: LimitStore[] = [];
  const relays: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    await Promise.all(relays.splice(0).map((relay) => relay.close()));
  });

  it('counts in this instance, releases there, and says so once', async () => {
    const log = collectingLog();
    const store = createRedisStore(UNREACHABLE, log);
    opened.push(store);
    const key = `test:${randomUUID()}`;
    const now = Date.now();
    expect((await store.hit(key, 60_000, now)).count).toBe(1);
    expect((await store.hit(key, 60_000, now)).count).toBe(2);
    await store.release(key);
    const third = await store.hit(key, 60_000, now);
    expect(third).toEqual({ count: 2, resetAtMs: now + 60_000 });
    await store.reset(key);
    expect((await store.hit(key, 60_000, now)).count).toBe(1);
    expect(log.lines.map((line) => line.level)).toEqual(['warn']);
    expect(log.lines[0]!.message).toMatch(/count in this instance/);
  });

  it.skipIf(!redisUrl)('goes back to the shared count when Redis answers again', async () => {
    const relay = await relayTo(new URL(redisUrl!));
    relays.push(relay);
    const log = collectingLog();
    const instance = createRedisStore(relay.url, log);
    const other = createRedisStore(redisUrl!);
    opened.push(instance, other);
    const [shared, during] = [`test:${randomUUID()}`, `test:${randomUUID()}`];
    const now = Date.now();

    expect((await instance.hit(shared, 60_000, now)).count).toBe(1);
    expect((await other.hit(shared, 60_000, now)).count).toBe(2);

    await relay.cut();
    await vi.waitFor(() => expect(log.lines.at(-1)?.level).toBe('warn'), { timeout: 10_000 });
    // Counted here alone: the other instance, still on Redis, does not see these.
    expect((await instance.hit(during, 60_000, now)).count).toBe(1);
    expect((await instance.hit(during, 60_000, now)).count).toBe(2);
    expect((await other.hit(during, 60_000, now)).count).toBe(1);

    await relay.restore();
    await vi.waitFor(() => expect(log.lines.at(-1)?.level).toBe('info'), { timeout: 10_000 });
    expect((await instance.hit(shared, 60_000, now)).count).toBe(3);
    expect((await other.hit(during, 60_000, now)).count).toBe(2);
    expect(log.lines.map((line) => line.level)).toEqual(['warn', 'info']);
  });

  it.skipIf(!redisUrl)('asks a stalled Redis once, then counts here for a while', async () => {
    const relay = await relayTo(new URL(redisUrl!));
    relays.push(relay);
    const log = collectingLog();
    const instance = createRedisStore(relay.url, log);
    opened.push(instance);
    const key = `test:${randomUUID()}`;
    const now = Date.now();
    expect((await instance.hit(key, 60_000, now)).count).toBe(1);

    relay.hold();
    // Redis's count goes on from 1 later; this instance counts from nothing for now.
    expect((await instance.hit(key, 60_000, now)).count).toBe(1);
    expect(log.lines.map((line) => line.level)).toEqual(['warn']);
    const asked = relay.heldBytes();
    expect(asked).toBeGreaterThan(0);
    expect((await instance.hit(key, 60_000, now)).count).toBe(2);
    await instance.release(key);
    expect(relay.heldBytes()).toBe(asked);
    relay.resume();
  });
});

describe('the API with its Redis limit store out of reach', () => {
  let closeApp: (() => Promise<void>) | undefined;
  afterAll(() => closeApp?.());

  it('answers as usual and still limits sign-in attempts', async () => {
    const t = await createTestApp({
      RATE_LIMIT_STORE: 'redis',
      REDIS_URL: UNREACHABLE,
      RATE_LIMIT_AUTH_PER_MINUTE: '3',
    });
    closeApp = t.close;
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: 'nobody@example.com', password: 'not-my-password1' },
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});
