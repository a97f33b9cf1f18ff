import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatAck, ChatMessage, JoinAck } from '@aeropool/contract/chat';
import { startMailCapture, type MailCapture } from '../test/mail-capture';
import { openTestDatabase } from '../test/test-database';
import { httpClient, INDIRANAGAR, KORAMANGALA, type HttpRider } from './http-rider';
import { freePort, startCluster, type Cluster } from './start-cluster';

const NGINX = '/usr/sbin/nginx';
const serverDir = path.resolve(import.meta.dirname, '../..');

/**
 * Two instances on PostgreSQL behind Debian's nginx, as deploy/nginx.conf runs them: sign-up and
 * chat through the balancer, limits counted once, and one instance killed with SIGKILL mid-chat.
 * .ci/run installs nginx; without it (or without PostgreSQL) this is skipped.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres' || !fs.existsSync(NGINX))(
  'two instances behind nginx',
  () => {
    let mail: MailCapture;
    let drop: () => Promise<void>;
    let cluster: Cluster;
    let workDir: string | undefined;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      mail = await startMailCapture();
      const db = await openTestDatabase();
      drop = db.drop;
      cluster = await startCluster({
        instances: 2,
        listenPort: await freePort(),
        workDir: (workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-nginx-'))),
        // No JWT_SECRET or CHAT_ENCRYPTION_KEY: the instances share the database's secrets.
        env: {
          DATABASE_URL: db.url!,
          SMTP_URL: mail.url,
          WEB_DIST_DIR: '/nonexistent',
          LOG_LEVEL: 'warn',
          RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        },
        command: { cwd: serverDir, args: ['--import', 'tsx', 'src/server.ts'] },
      });
    }, 120_000);

    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await cluster?.stop();
      if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
      await drop?.();
      await mail?.close();
    });

    const client = () => httpClient(cluster.url, mail);
    const call: ReturnType<typeof client>['call'] = (...args) => client().call(...args);

    const connect = (rider: HttpRider, node: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(cluster.url, {
          auth: { token: rider.token },
          extraHeaders: { cookie: `aeropool_node=${node}` },
          reconnectionDelay: 200,
          reconnectionDelayMax: 500,
        });
        sockets.push(socket);
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    const join = (socket: Socket, matchId: string) =>
      new Promise<JoinAck>((resolve) => socket.emit('joinRoom', matchId, resolve));
    /** The next message with this text (a room also echoes each sender's own messages). */
    const heard = (socket: Socket, text: string) =>
      new Promise<ChatMessage>((resolve) => {
        const listener = (message: ChatMessage) => {
          if (message.messageText !== text) return;
          socket.off('message', listener);
          resolve(message);
        };
        socket.on('message', listener);
      });
    const send = (socket: Socket, matchId: string, text: string) =>
      new Promise<ChatAck>((resolve) =>
        socket
          .timeout(5000)
          .emit(
            'message',
            { matchId, messageText: text, clientId: randomUUID() },
            (error: Error | null, ack: ChatAck) =>
              resolve(error ? { ok: false, error: { code: 'SERVER', message: 'timeout' } } : ack),
          ),
      );

    it('counts a rate limit once across both instances', async () => {
      // Place search allows 60 a minute per address: 30 on each instance use it up.
      const search = (node: string) => call('GET', '/api/places/search?q=kora', { node });
      const answers = [];
      for (let i = 0; i < 60; i += 1) answers.push(await search(i % 2 ? 'node2' : 'node1'));
      expect(answers.every(({ res }) => res.status === 200)).toBe(true);
      expect(new Set(answers.map(({ res }) => res.headers.get('x-aeropool-instance')))).toEqual(
        new Set(['node1', 'node2']),
      );
      for (const node of ['node1', 'node2']) {
        const refused = await search(node);
        expect(refused.res.status).toBe(429);
        // nginx sets the header to the address it saw: a client's own X-Forwarded-For is no way out.
        const spoofed = await call('GET', '/api/places/search?q=kora', {
          node,
          headers: { 'x-forwarded-for': '198.51.100.9' },
        });
        expect(spoofed.res.status).toBe(429);
      }
    });

    it('signs up, matches and chats both ways across the two instances', async () => {
      const { signUp, createDrop, match, ok } = client();
      // Codes asked on one instance are checked on the other: the OTP hash key is shared.
      const a = await signUp('node1', 'node2');
      const b = await signUp('node2', 'node1');
      // A token issued on one instance works on the other.
      const seen = await call('GET', `/api/user/${a.id}`, { token: a.token, node: 'node2' });
      expect(seen.res.status).toBe(200);
      expect(seen.res.headers.get('x-aeropool-instance')).toBe('node2');
      const matchId = await match(
        { rider: a, ride: await createDrop(a, KORAMANGALA, 'node1') },
        { rider: b, ride: await createDrop(b, INDIRANAGAR, 'node2') },
      );

      const sa = await connect(a, 'node1');
      const sb = await connect(b, 'node2');
      expect(await join(sa, matchId)).toMatchObject({ ok: true });
      expect(await join(sb, matchId)).toMatchObject({ ok: true });
      const heardByB = heard(sb, 'hello from node1');
      expect((await send(sa, matchId, 'hello from node1')).ok).toBe(true);
      expect((await heardByB).messageText).toBe('hello from node1');
      const heardByA = heard(sa, 'hello from node2');
      expect((await send(sb, matchId, 'hello from node2')).ok).toBe(true);
      expect((await heardByA).messageText).toBe('hello from node2');

      // Node 1 dies mid-chat: B keeps sending; A's connection comes back through node 2.
      const node1 = cluster.nodes[0]!;
      const reconnected = new Promise((resolve) => sa.io.once('reconnect', resolve));
      const burst = Array.from({ length: 10 }, (_, i) => send(sb, matchId, `burst ${i}`));
      node1.process.kill('SIGKILL');
      const results = await Promise.all(burst);
      const acked = results.filter((r) => r.ok).length;
      await reconnected;
      expect(await join(sa, matchId)).toMatchObject({ ok: true });
      const afterKill = heard(sb, 'back through node2');
      expect((await send(sa, matchId, 'back through node2')).ok).toBe(true);
      expect((await afterKill).messageText).toBe('back through node2');

      // Nothing acknowledged was lost.
      const history = await ok('GET', `/api/match/messages/${matchId}?limit=100`, {
        token: b.token,
      });
      const texts = history.entities.map((m) => m.messageText);
      expect(texts).toContain('hello from node1');
      expect(texts).toContain('hello from node2');
      expect(texts).toContain('back through node2');
      expect(texts.filter((text) => text!.startsWith('burst ')).length).toBeGreaterThanOrEqual(
        acked,
      );
      // And the balancer still serves everything else.
      expect((await call('GET', '/api/health')).res.status).toBe(200);
      expect(
        (await call('GET', `/api/user/${a.id}`, { token: a.token, node: 'node1' })).res.status,
      ).toBe(200);
    }, 90_000);
  },
);
