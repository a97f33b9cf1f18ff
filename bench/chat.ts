/**
 * npm run bench:chat — 500 sockets in 250 match rooms sending for 30 seconds, on one server
 * process with PGlite, and across two processes sharing PostgreSQL (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL) with each room's riders on different processes. Prints delivered messages
 * per second and p50/p99 delivery latency, counts lost messages; writes bench/results/chat.json.
 * Targets: p99 < 50 ms on one process, < 150 ms across two, no message lost.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { io, type Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  ServerToClientEvents,
} from '../packages/contract/src/socket-events';
import { openDatabase, type Database } from '../apps/server/src/db/database';
import { startServerProcess } from '../apps/server/src/test/server-process';
import { openTestDatabase } from '../apps/server/src/test/test-database';
import { summarise, writeResults } from './lib/stats';

type BenchSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const ROOMS = Number(process.env.BENCH_ROOMS ?? 250);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
/** Each socket sends one message per this many ms (10 per 5 s is the server's per-socket limit). */
const SEND_EVERY_MS = Number(process.env.BENCH_SEND_EVERY_MS ?? 2000);
const JWT_SECRET = randomBytes(32).toString('hex');
const secret = new TextEncoder().encode(JWT_SECRET);

/** Two riders per room, a match between their ride requests. Returns [riderA, riderB, matchId][]. */
async function seed(database: Database): Promise<[string, string, string][]> {
  const db = database.db;
  await db.execute(sql`insert into users (first_name, last_name, email)
    select 'Bench', i::text, 'chat' || i || '@example.com' from generate_series(0, ${ROOMS * 2 - 1}) i`);
  await db.execute(sql`insert into ride_requests (rider_id, direction, terminal, place_name, place_latitude, place_longitude, route_polyline, road_metres, time_of_travel, status)
    select id, 'drop', 'T1', 'Koramangala', 12.9352, 77.6245, '', 40000, now() + interval '1 day', 'Matched' from users where email like 'chat%'`);
  await db.execute(
    sql`insert into matches (id) select gen_random_uuid() from generate_series(1, ${ROOMS})`,
  );
  await db.execute(sql`
    with m as (select id, row_number() over (order by id) - 1 as n from matches),
         r as (select rr.id, rr.rider_id, (substring(u.email from 5 for position('@' in u.email) - 5))::int as i
               from ride_requests rr join users u on u.id = rr.rider_id)
    insert into match_members (match_id, ride_request_id, user_id)
    select m.id, r.id, r.rider_id from r join m on m.n = r.i / 2`);
  const rows = (await db.execute(sql`
    select mm.match_id, array_agg(mm.user_id::text order by u.email) as users
    from match_members mm join users u on u.id = mm.user_id group by mm.match_id`)) as unknown as
    { rows: { match_id: string; users: string[] }[] } | { match_id: string; users: string[] }[];
  const list = Array.isArray(rows) ? rows : rows.rows;
  const created = (await db.execute(sql`
    insert into sessions (user_id, expires_at)
    select id, now() + interval '1 day' from users where email like 'chat%'
    returning id, user_id`)) as unknown as
    { rows: { id: string; user_id: string }[] } | { id: string; user_id: string }[];
  sessionOf.clear();
  for (const row of Array.isArray(created) ? created : created.rows) {
    sessionOf.set(row.user_id, row.id);
  }
  return list.map((r) => [r.users[0]!, r.users[1]!, r.match_id]);
}

/** Each bench rider's session row: a token names its session (decision 003). */
const sessionOf = new Map<string, string>();

const tokenFor = (userId: string) =>
  new SignJWT({ sid: sessionOf.get(userId) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(secret);

function connect(url: string, token: string): Promise<BenchSocket> {
  const socket: BenchSocket = io(url, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function measure(label: string, urls: string[], pairs: [string, string, string][]) {
  const sockets: { socket: BenchSocket; userId: string; matchId: string }[] = [];
  for (const [a, b, matchId] of pairs) {
    for (const [index, userId] of [a, b].entries()) {
      const socket = await connect(urls[index % urls.length]!, await tokenFor(userId));
      await new Promise<void>((resolve, reject) =>
        socket.emit('joinRoom', matchId, (ack) =>
          ack.ok ? resolve() : reject(new Error(ack.error.message)),
        ),
      );
      sockets.push({ socket, userId, matchId });
    }
  }

  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let acked = 0;
  let failed = 0;
  for (const { socket, userId } of sockets) {
    socket.on('message', (message) => {
      if (message.userId._id === userId) return; // own echo
      const t0 = sentAt.get(message.clientId);
      if (t0 !== undefined) latencies.push(performance.now() - t0);
    });
  }

  const started = performance.now();
  const timers = sockets.map(({ socket, matchId }, index) =>
    setTimeout(
      () => {
        const tick = () => {
          const clientId = randomUUID();
          sentAt.set(clientId, performance.now());
          socket.emit('message', { matchId, messageText: `bench ${clientId}`, clientId }, (ack) =>
            ack.ok ? (acked += 1) : (failed += 1),
          );
        };
        tick();
        timers[index] = setInterval(tick, SEND_EVERY_MS);
      },
      (index * SEND_EVERY_MS) / sockets.length,
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  for (const timer of timers) clearInterval(timer);
  const sendingMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 2000)); // let the last deliveries arrive
  for (const { socket } of sockets) socket.close();

  const result = {
    setup: label,
    processes: urls.length,
    sockets: sockets.length,
    rooms: pairs.length,
    seconds: SECONDS,
    sent: sentAt.size,
    acknowledged: acked,
    rejected: failed,
    delivered: latencies.length,
    lost: acked - latencies.length,
    deliveredPerSecond: Math.round(latencies.length / (sendingMs / 1000)),
    latencyMs: summarise(latencies),
  };
  console.log(
    `${label}: ${result.deliveredPerSecond} delivered/s, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, lost ${result.lost}, rejected ${result.rejected}`,
  );
  return result;
}

async function onePglite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-bench-chat-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  const pairs = await seed(database);
  await database.close();
  const server = startServerProcess({
    DATA_DIR: dataDir,
    JWT_SECRET,
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: '/nonexistent',
  });
  try {
    const port = await server.port();
    return await measure('one process, PGlite', [`http://127.0.0.1:${port}`], pairs);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

async function twoPostgres() {
  process.env.TEST_DB = 'postgres';
  const { database, url, drop } = await openTestDatabase();
  const pairs = await seed(database);
  const servers = [0, 1].map((i) =>
    startServerProcess({
      DATABASE_URL: url!,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `aeropool-bench-${i}-`)),
      JWT_SECRET,
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: '/nonexistent',
    }),
  );
  try {
    const urls = [];
    for (const server of servers) urls.push(`http://127.0.0.1:${await server.port()}`);
    return await measure('two processes, PostgreSQL', urls, pairs);
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await drop();
  }
}

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;
else console.log('Two-process run skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL).');

const results = [await onePglite()];
if (postgresUrl) results.push(await twoPostgres());
const file = writeResults('chat', {
  when: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
  },
  sendEveryMsPerSocket: SEND_EVERY_MS,
  targets: { onePlaceP99Ms: 50, twoProcessesP99Ms: 150, lost: 0 },
  results,
});
console.log(`written to ${file}`);
process.exit(0);
