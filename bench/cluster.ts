/**
 * npm run bench:cluster — the potential-matches hot path (autocannon, 50 connections) and chat
 * delivery through Debian's nginx with 1 and then 2 PostgreSQL-backed instances, the same seeded
 * data each time; prints the scaling ratio and writes bench/results/cluster.json. Needs
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) and /usr/sbin/nginx. The instances run compiled,
 * as `npm start` runs them.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { io, type Socket } from 'socket.io-client';
import { buildServer } from '../apps/server/build/build-server';
import { httpClient, INDIRANAGAR, KORAMANGALA } from '../apps/server/src/cluster/http-rider';
import { freePort, startCluster } from '../apps/server/src/cluster/start-cluster';
import { startMailCapture } from '../apps/server/src/test/mail-capture';
import { openTestDatabase } from '../apps/server/src/test/test-database';
import { npmStartArgs } from './lib/npm-start';
import { seedRides } from './lib/seed-rides';
import { summarise, writeResults } from './lib/stats';

const OPEN_REQUESTS = Number(process.env.BENCH_OPEN_REQUESTS ?? 10_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CHAT_PAIRS = Number(process.env.BENCH_CHAT_PAIRS ?? 10);
/** The chat limit: 10 messages per rider per 5 seconds. */
const MESSAGES_PER_SENDER = 10;

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!postgresUrl || !fs.existsSync('/usr/sbin/nginx')) {
  console.error('bench:cluster needs BENCH_DATABASE_URL (or TEST_DATABASE_URL) and nginx.');
  process.exit(1);
}
process.env.TEST_DATABASE_URL = postgresUrl;
process.env.TEST_DB = 'postgres';
const serverDir = path.resolve(import.meta.dirname, '../apps/server');

const connect = (url: string, token: string, node: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(url, {
      auth: { token },
      transports: ['websocket'],
      extraHeaders: { cookie: `aeropool_node=${node}` },
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

async function run(instances: number) {
  const mail = await startMailCapture();
  const { database, url, drop } = await openTestDatabase();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-bench-cluster-'));
  // What a failed seed or start leaves is removed as after a run.
  const cleanUp = async () => {
    fs.rmSync(workDir, { recursive: true, force: true });
    await drop();
    await mail.close();
  };
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  try {
    await seedRides(database.db, OPEN_REQUESTS);
    cluster = await startCluster({
      instances,
      listenPort: await freePort(),
      workDir,
      env: {
        DATABASE_URL: url!,
        SMTP_URL: mail.url,
        WEB_DIST_DIR: '/nonexistent',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      },
      command: { cwd: serverDir, args: npmStartArgs() },
    });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  try {
    const client = httpClient(cluster.url, mail);
    const nodeOf = (i: number) => `node${(i % instances) + 1}`;

    // HTTP: one rider's potential matches among the seeded requests, round robin over instances.
    const rider = await client.signUp();
    const ride = await client.createDrop(rider, KORAMANGALA);
    const http = await autocannon({
      url: `${cluster.url}/api/ride-request/potential-matches-and-requests/${ride}`,
      connections: 50,
      duration: DURATION_S,
      headers: { authorization: `Bearer ${rider.token}` },
    });
    if (http.non2xx > 0) throw new Error(`${http.non2xx} answers were not 2xx`);

    // Chat: pairs whose two riders sit on different instances when there are two.
    const pairs = [];
    for (let i = 0; i < CHAT_PAIRS; i += 1) {
      const [a, b] = [await client.signUp(), await client.signUp()];
      const matchId = await client.match(
        { rider: a, ride: await client.createDrop(a, KORAMANGALA) },
        { rider: b, ride: await client.createDrop(b, INDIRANAGAR) },
      );
      const [sender, receiver] = await Promise.all([
        connect(cluster.url, a.token, nodeOf(i)),
        connect(cluster.url, b.token, nodeOf(i + 1)),
      ]);
      for (const socket of [sender, receiver]) {
        await new Promise((resolve) => socket.emit('joinRoom', matchId, resolve));
      }
      pairs.push({ matchId, sender, receiver });
    }
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      pairs.map(async ({ matchId, sender, receiver }) => {
        const sentAt = new Map<string, number>();
        const delivered = new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 15_000);
          receiver.on('message', (message: { clientId?: string }) => {
            const at = message.clientId ? sentAt.get(message.clientId) : undefined;
            if (at === undefined) return;
            latencies.push(performance.now() - at);
            sentAt.delete(message.clientId!);
            if (sentAt.size === 0) {
              clearTimeout(timer);
              resolve();
            }
          });
        });
        for (let m = 0; m < MESSAGES_PER_SENDER; m += 1) {
          const clientId = randomUUID();
          sentAt.set(clientId, performance.now());
          sender.emit('message', { matchId, messageText: `m${m}`, clientId });
        }
        await delivered;
      }),
    );
    const chatSeconds = (performance.now() - started) / 1000;
    for (const { sender, receiver } of pairs) {
      sender.close();
      receiver.close();
    }
    const result = {
      instances,
      openRequests: OPEN_REQUESTS,
      potentialMatches: {
        requestsPerSecond: Math.round(http.requests.average),
        p50Ms: http.latency.p50,
        p99Ms: http.latency.p99,
      },
      chat: {
        messages: latencies.length,
        lost: pairs.length * MESSAGES_PER_SENDER - latencies.length,
        messagesPerSecond: Math.round(latencies.length / chatSeconds),
        ...summarise(latencies),
      },
    };
    console.log(
      `${instances} instance(s): potential matches ${result.potentialMatches.requestsPerSecond} req/s (p99 ${result.potentialMatches.p99Ms} ms); chat ${result.chat.messages} messages (${result.chat.lost} lost), p50 ${result.chat.p50} ms, p99 ${result.chat.p99} ms`,
    );
    return result;
  } finally {
    await cluster.stop();
    await cleanUp();
  }
}

// The instances run compiled, with the flags `npm start` gives node: what riders' servers run.
await buildServer();
const one = await run(1);
const two = await run(2);
const ratio =
  Math.round(
    (two.potentialMatches.requestsPerSecond / one.potentialMatches.requestsPerSecond) * 100,
  ) / 100;
console.log(`scaling 1 → 2 instances (potential matches req/s): ×${ratio}`);
const file = writeResults('cluster', {
  when: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model },
  note: 'nginx, PostgreSQL, the instances and the load generator share this machine',
  results: [one, two],
  scalingRatio: ratio,
});
console.log(`written to ${file}`);
process.exit(0);
