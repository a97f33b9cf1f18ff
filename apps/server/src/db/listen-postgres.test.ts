import net from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { listenPostgres } from './listen-postgres';

/** A relay to PostgreSQL that can go silent, as a network path a firewall forgot does. */
async function relayTo(target: URL) {
  let silent = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('close', () => sockets.delete(from));
      from.on('error', () => undefined);
      from.on('data', (chunk: Buffer) => void (silent || to.write(chunk)));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(target);
  relayed.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: relayed.toString(),
    silence: () => void (silent = true),
    speak: () => void (silent = false),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(process.env.TEST_DB !== 'postgres' || !adminUrl)('a LISTEN connection', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('that goes silent is found out and made again, and hears NOTIFYs once more', async () => {
    const relay = await relayTo(new URL(adminUrl!));
    cleanups.push(relay.close);
    const channel = `listen_test_${process.pid}_${Date.now()}`;
    const states: boolean[] = [];
    const heard: string[] = [];
    const unlisten = await listenPostgres(
      relay.url,
      channel,
      { onMessage: (payload) => heard.push(payload), onState: (state) => states.push(state) },
      { retryMs: 50, heartbeatMs: 100, heartbeatTimeoutMs: 300 },
    );
    cleanups.push(unlisten);
    const sender = new pg.Client({ connectionString: adminUrl });
    await sender.connect();
    cleanups.push(() => sender.end());
    const notify = (payload: string) =>
      sender.query('select pg_notify($1, $2)', [channel, payload]);

    expect(states).toEqual([true]);
    await notify('before');
    await expect.poll(() => heard).toEqual(['before']);

    relay.silence();
    await expect.poll(() => states.at(-1), { timeout: 5000 }).toBe(false);

    relay.speak();
    await expect.poll(() => states.at(-1), { timeout: 5000 }).toBe(true);
    await notify('after');
    await expect.poll(() => heard).toEqual(['before', 'after']);
  });
});
