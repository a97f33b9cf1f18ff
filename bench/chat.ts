/**
 * npm run bench:chat — a sweep of send rates over match rooms of two riders, on one server
 * process with PGlite, and across two processes sharing PostgreSQL (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL) with each room's riders on different processes. For each rate it prints
 * delivered messages per second, p50/p99 delivery latency and lost messages, then the highest
 * rate with p99 <= 50 ms and nothing lost at it and at every rate below; writes
 * bench/results/chat.json. The servers run compiled, as `npm start` runs them.
 * Each socket sends one message every SEND_EVERY_MS (under the server's per-rider limit of 10
 * per 5 s), so a rate needs rate * SEND_EVERY_MS / 1000 sockets. Target: >= 2,000/s (issue 7).
 */
import { spawn } from 'node:child_process';
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
import { buildServer } from '../apps/server/build/build-server';
import { stopChild } from './lib/child';
import { npmStartArgs } from './lib/npm-start';
import { summarise, writeResults } from './lib/stats';

const serverDir = path.resolve(import.meta.dirname, '../apps/server');

type BenchSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Messages per second offered at each step of the sweep. */
const RATES = (process.env.BENCH_RATES ?? '250,500,1000,1500,2000,2500,3000')
  .split(',')
  .map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Each socket sends one message per this many ms (10 per 5 s is the server's per-rider limit). */
const SEND_EVERY_MS = Number(process.env.BENCH_SEND_EVERY_MS ?? 600);
const P99_LIMIT_MS = 50;
const socketsFor = (rate: number) => 2 * Math.ceil((rate * SEND_EVERY_MS) / 1000 / 2);
const ROOMS = socketsFor(Math.max(...RATES)) / 2;
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

/** The bare baseline reads the rider from the handshake; the product from the token. */
let bareUserIds = false;

function connect(url: string, token: string, userId: string): Promise<BenchSocket> {
  const socket: BenchSocket = io(url, {
    auth: bareUserIds ? { userId } : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

type Step = ReturnType<typeof stepResult>;

function stepResult(
  rate: number,
  sockets: number,
  sent: number,
  acked: number,
  failed: number,
  latencies: number[],
  duplicates: number,
  sendingMs: number,
) {
  return {
    offeredPerSecond: rate,
    sockets,
    sent,
    acknowledged: acked,
    rejected: failed,
    /** Neither acknowledged nor refused within the step and its 2 s after. */
    unanswered: sent - acked - failed,
    delivered: latencies.length,
    /** Delivered to the other rider more than once (counted once in `delivered`). */
    duplicates,
    /** Sent and not refused, yet never delivered, whether acknowledged or not. */
    lost: sent - failed - latencies.length,
    deliveredPerSecond: Math.round(latencies.length / (sendingMs / 1000)),
    latencyMs: summarise(latencies),
  };
}

async function measure(label: string, urls: string[], pairs: [string, string, string][]) {
  const sockets: { socket: BenchSocket; userId: string; matchId: string }[] = [];
  for (const [a, b, matchId] of pairs) {
    for (const [index, userId] of [a, b].entries()) {
      const socket = await connect(urls[index % urls.length]!, await tokenFor(userId), userId);
      await new Promise<void>((resolve, reject) =>
        socket.emit('joinRoom', matchId, (ack) =>
          ack.ok ? resolve() : reject(new Error(ack.error.message)),
        ),
      );
      sockets.push({ socket, userId, matchId });
    }
  }

  const sentAt = new Map<string, number>();
  const deliveredIds = new Set<string>();
  let latencies: number[] = [];
  let duplicates = 0;
  for (const { socket, userId } of sockets) {
    socket.on('message', (message) => {
      if (message.userId._id === userId) return; // own echo
      const t0 = sentAt.get(message.clientId);
      if (t0 === undefined) return;
      if (deliveredIds.has(message.clientId)) duplicates += 1;
      else {
        deliveredIds.add(message.clientId);
        latencies.push(performance.now() - t0);
      }
    });
  }

  const steps: Step[] = [];
  for (const rate of RATES) {
    const senders = sockets.slice(0, socketsFor(rate));
    sentAt.clear();
    deliveredIds.clear();
    latencies = [];
    duplicates = 0;
    let acked = 0;
    let failed = 0;
    const started = performance.now();
    const timers = senders.map(({ socket, matchId }, index) =>
      setTimeout(
        () => {
          const tick = () => {
            const clientId = randomUUID();
            sentAt.set(clientId, performance.now());
            socket.emit(
              'message',
              { matchId, messageText: `bench ${clientId}`, clientId },
              (ack) => (ack.ok ? (acked += 1) : (failed += 1)),
            );
          };
          tick();
          timers[index] = setInterval(tick, SEND_EVERY_MS);
        },
        (index * SEND_EVERY_MS) / senders.length,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    for (const timer of timers) clearInterval(timer);
    const sendingMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 2000)); // let the last deliveries arrive
    const step = stepResult(
      rate,
      senders.length,
      sentAt.size,
      acked,
      failed,
      latencies,
      duplicates,
      sendingMs,
    );
    steps.push(step);
    console.log(
      `${label} @ ${rate}/s offered: ${step.deliveredPerSecond} delivered/s, p50 ${step.latencyMs.p50} ms, p99 ${step.latencyMs.p99} ms, lost ${step.lost}, rejected ${step.rejected}, unanswered ${step.unanswered}, duplicates ${step.duplicates}`,
    );
    // The sender's 10-per-5-s window must be clear before the next step.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    if (step.latencyMs.p99 > P99_LIMIT_MS * 4) break; // far past the limit: higher rates say nothing new
  }
  for (const { socket } of sockets) socket.close();

  // The highest rate that, with every rate below it, kept within: a step that passes above one
  // that failed (a stall fell in the lower one) does not make the lower rate safe.
  const isWithin = (step: (typeof steps)[number]) =>
    step.latencyMs.p99 <= P99_LIMIT_MS &&
    step.lost === 0 &&
    step.rejected === 0 &&
    step.unanswered === 0 &&
    step.duplicates === 0;
  const firstOver = steps.findIndex((step) => !isWithin(step));
  const within = firstOver === -1 ? steps : steps.slice(0, firstOver);
  const highest = within.at(-1)?.deliveredPerSecond ?? 0;
  console.log(
    `${label}: highest rate with p99 <= ${P99_LIMIT_MS} ms and nothing lost, at it and every rate below: ${highest}/s`,
  );
  return {
    setup: label,
    processes: urls.length,
    rooms: pairs.length,
    secondsPerStep: SECONDS,
    highestPerSecondWithinP99: highest,
    steps,
  };
}

/** The baseline: socket.io alone, joining rooms and echoing to them, acknowledging at once. */
const BARE_SOCKET_IO = `import { createServer } from 'node:http';
import { Server } from 'socket.io';
const http = createServer();
const io = new Server(http);
io.on('connection', (socket) => {
  const userId = socket.handshake.auth.userId;
  socket.on('joinRoom', async (matchId, ack) => { await socket.join(matchId); ack({ ok: true, status: 'Active' }); });
  socket.on('message', (payload, ack) => {
    const message = { ...payload, _id: payload.clientId, userId: { _id: userId }, timestamp: new Date().toISOString() };
    io.to(payload.matchId).emit('message', message);
    ack({ ok: true, message });
  });
});
http.listen(0, '127.0.0.1', () => console.log('ready on http://localhost:' + http.address().port));`;

async function bareSocketIo(pairs: [string, string, string][]) {
  // In the build's folder (ignored by git), where `socket.io` still resolves from node_modules.
  fs.mkdirSync(path.join(serverDir, 'dist'), { recursive: true });
  const file = path.join(serverDir, 'dist', `bare-socket-io-${process.pid}.mjs`);
  fs.writeFileSync(file, BARE_SOCKET_IO);
  const child = spawn(process.execPath, [file], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        const match = /ready on http:\/\/localhost:(\d+)/.exec(String(chunk));
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', () => reject(new Error('bare socket.io exited')));
    });
    bareUserIds = true;
    return await measure('bare socket.io (baseline)', [`http://127.0.0.1:${port}`], pairs);
  } finally {
    bareUserIds = false;
    await stopChild(child);
    fs.rmSync(file, { force: true });
  }
}

async function onePglite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-bench-chat-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  const pairs = await seed(database);
  await database.close();
  const server = startServerProcess(
    { DATA_DIR: dataDir, JWT_SECRET, LOG_LEVEL: 'info', WEB_DIST_DIR: '/nonexistent' },
    npmStartArgs(),
  );
  try {
    const port = await server.port();
    return await measure('one process, PGlite', [`http://127.0.0.1:${port}`], pairs);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function twoPostgres() {
  process.env.TEST_DB = 'postgres';
  const { database, url, drop } = await openTestDatabase();
  const pairs = await seed(database);
  const servers = [0, 1].map(() =>
    startServerProcess(
      { DATABASE_URL: url!, JWT_SECRET, LOG_LEVEL: 'info', WEB_DIST_DIR: '/nonexistent' },
      npmStartArgs(),
    ),
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

const fakePairs = Array.from({ length: ROOMS }, (_, i): [string, string, string] => [
  `a${i}`,
  `b${i}`,
  `room-${i}`,
]);
/** BENCH_SETUPS=bare,pglite,postgres (the default) runs a subset, e.g. to compare two commits. */
const setups = new Set((process.env.BENCH_SETUPS ?? 'bare,pglite,postgres').split(','));
const results = [];
// The servers run compiled, with the flags `npm start` gives node: what riders' servers run.
if (setups.has('pglite') || setups.has('postgres')) await buildServer();
if (setups.has('bare')) results.push(await bareSocketIo(fakePairs));
if (setups.has('pglite')) results.push(await onePglite());
if (postgresUrl && setups.has('postgres')) results.push(await twoPostgres());
// A subset run (two commits compared, say) is written beside the full sweep, not over it.
const ALL_SETUPS = ['bare', 'pglite', 'postgres'];
const ran = ALL_SETUPS.filter(
  (setup) => setups.has(setup) && (setup !== 'postgres' || postgresUrl),
);
const isFullSweep =
  ran.length === ALL_SETUPS.length &&
  ['BENCH_RATES', 'BENCH_SECONDS', 'BENCH_SEND_EVERY_MS'].every((name) => !process.env[name]);
const file = writeResults(isFullSweep ? 'chat' : `chat-${ran.join('-')}-partial`, {
  when: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
  },
  sendEveryMsPerSocket: SEND_EVERY_MS,
  targets: { perSecondWithinP99: 2000, p99Ms: P99_LIMIT_MS, lost: 0 },
  baseline: 'bare socket.io: 5,000/s at p99 5 ms (issue 7)',
  results,
});
console.log(`written to ${file}`);
process.exit(0);
