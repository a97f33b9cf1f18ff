import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, afterAll, beforeAll } from 'vitest';
import { loadConfig, ConfigError } from './config';
import { pageViews } from './db/schema';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGIN: 'https://app.example.com' });
});
afterAll(() => t.close());

describe('API foundations', () => {
  it('GET /api/health answers 200 with the database reachable', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, entities: [{ status: 'ok' }] });
  });

  it('unknown /api paths get the JSON 404 envelope', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      message: 'No route for GET /api/nothing-here.',
      entities: [],
    });
  });

  it('an over-long or malformed address gets the envelope too (the router answers before any route)', async () => {
    const long = await t.request({ method: 'GET', url: `/api/user/${'9'.repeat(200)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({
      statusCode: 414,
      message: 'The address is too long.',
      entities: [],
    });
    const bad = await t.request({ method: 'GET', url: '/api/user/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      statusCode: 400,
      message: 'The address is not valid.',
      entities: [],
    });
  });

  it('a broken JSON body is a readable 400, never a stack trace', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: 'The request body is not valid JSON.',
      entities: [],
    });
  });

  it('an oversized body is 413', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(200_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, message: 'The request is too large.' });
  });

  it('sends security headers, a request id, and CORS only for the configured origin', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://app.example.com' },
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example.com');
    const other = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves an OpenAPI document generated from the contract, and Swagger UI', async () => {
    const doc = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(
      spec.paths['/api/user/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
    expect(spec.paths).toHaveProperty('/api/otp/generate');
    const ui = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('counts page views first-party', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/analytics/pageview',
      payload: { path: '/support' },
    });
    expect(res.statusCode).toBe(202);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/analytics/pageview',
          payload: { path: 'nope' },
        })
      ).statusCode,
    ).toBe(400);
    // Unknown paths are pooled under the 404 page and ids folded, so the table stays small.
    for (const path of ['/x1', '/x2', '/chat/abc', '/chat/def', '/chats', '/dashboard/']) {
      await t.request({ method: 'POST', url: '/api/analytics/pageview', payload: { path } });
    }
    const rows = await t.database.db.select().from(pageViews);
    expect(rows.map((r) => r.path).sort()).toEqual([
      '/404',
      '/chat/:matchId',
      '/chats',
      '/dashboard',
      '/support',
    ]);
    expect(rows.find((r) => r.path === '/404')?.count).toBe(2);
    // The day is Bengaluru's: 00:30 IST on the 2nd is 19:00 UTC on the 1st.
    t.clock.set(new Date('2026-03-01T19:00:00Z'));
    try {
      await t.request({
        method: 'POST',
        url: '/api/analytics/pageview',
        payload: { path: '/tos' },
      });
    } finally {
      t.clock.set(new Date());
    }
    const [tos] = await t.database.db.select().from(pageViews).where(eq(pageViews.path, '/tos'));
    expect(tos?.day).toBe('2026-03-02');
  });

  it('health answers 503 once the database is gone', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ statusCode: 503, entities: [{ status: 'unavailable' }] });
    await broken.close();
  });
});

describe('operations', () => {
  it('accepts a short safe x-request-id and replaces anything else', async () => {
    const safe = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-1234.abcd:5' },
    });
    expect(safe.headers['x-request-id']).toBe('lb-1234.abcd:5');
    for (const offered of ['a'.repeat(65), 'x\u001b[31mred', 'id with spaces', '<script>']) {
      const res = await t.request({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': offered },
      });
      expect(res.headers['x-request-id']).not.toBe(offered);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('limits connect-src to its own origin and PUBLIC_URL, without ws: wildcards', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    const connectSrc = /connect-src ([^;]*)/.exec(res.headers['content-security-policy'] as string);
    expect(connectSrc?.[1]).toBe("'self'");
    const behindUrl = await createTestApp({ PUBLIC_URL: 'https://aeropool.example.in/' });
    const other = await behindUrl.request({ method: 'GET', url: '/api/health' });
    expect(other.headers['content-security-policy']).toContain(
      "connect-src 'self' https://aeropool.example.in;",
    );
    await behindUrl.close();
  });

  it('keeps /api/docs off in production unless API_DOCS=true, and does not build the document then', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    expect((await production.request({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(
      404,
    );
    expect((await production.request({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(404);
    expect(production.app.hasDecorator('swagger')).toBe(false);
    await production.close();
    const published = await createTestApp({ NODE_ENV: 'production', API_DOCS: 'true' });
    expect((await published.request({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(
      200,
    );
    await published.close();
  });

  it('behind the proxy, keys rate limits on the address it saw, not on a spoofed X-Forwarded-For', async () => {
    const behindNginx = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      // A proxy that appends the address it saw to whatever the client wrote (an upstream
      // balancer's way; deploy/nginx.conf sets the header instead).
      const search = (i: number, seenByNginx: string) =>
        behindNginx.request({
          method: 'GET',
          url: '/api/places/search?q=hebbal',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `198.51.100.${i % 250}, ${seenByNginx}` },
        });
      const codes: number[] = [];
      for (let i = 0; i < 61; i += 1) codes.push((await search(i, '203.0.113.7')).statusCode);
      expect(codes.slice(0, 60)).toEqual(Array(60).fill(200));
      expect(codes[60]).toBe(429);
      // Another rider behind the same proxy has their own allowance.
      expect((await search(0, '203.0.113.8')).statusCode).toBe(200);
    } finally {
      await behindNginx.close();
    }
  });

  it('answers CONNECT with 405', async () => {
    const listening = await createTestApp();
    await listening.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = listening.app.server.address() as { port: number };
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toContain('"message":"The CONNECT method is not allowed."');
    await listening.close();
  });

  it('health?deep=1 proves writes land and reports free space; the plain one stays a ping', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-health-'));
    const deep = await createTestApp({ DATA_DIR: dataDir });
    const plain = await deep.request({ method: 'GET', url: '/api/health' });
    expect(plain.json().entities[0].checks).toBeUndefined();
    const ok = await deep.request({ method: 'GET', url: '/api/health?deep=1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().entities[0].checks).toEqual({
      databaseWrite: 'ok',
      dataDirWrite: 'ok',
      dataDirFreeBytes: expect.any(Number),
    });
    expect(fs.readdirSync(dataDir)).toEqual([]);
    expect((await deep.request({ method: 'GET', url: '/api/health?deep=maybe' })).statusCode).toBe(
      400,
    );

    // The data folder becomes unwritable (here: a file where the folder was).
    fs.rmSync(dataDir, { recursive: true });
    fs.writeFileSync(dataDir, '');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const failing = await deep.request({ method: 'GET', url: '/api/health?deep=1' });
    expect(failing.statusCode).toBe(503);
    expect(failing.json()).toMatchObject({
      message: 'Writes are failing or the data folder is nearly full.',
      entities: [{ status: 'unavailable', checks: { dataDirWrite: 'failed' } }],
    });
    // The balancer's plain check still passes: the database answers.
    expect((await deep.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await deep.close();
    fs.rmSync(dataDir);
  });
});

describe('configuration', () => {
  it('has zero-configuration defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './data' });
  });

  it('reads TRUST_PROXY as a proxy on this host, or the proxies’ addresses', () => {
    const trusted = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect([trusted('false'), trusted('true')]).toEqual([false, 'loopback']);
    expect(trusted('10.0.0.2, 10.1.0.0/16,::1')).toBe('10.0.0.2, 10.1.0.0/16,::1');
    for (const bad of ['all', '1', '2', 'yes', '10.0.0.0/33', '10.0.0.1/8/1'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });

  it('takes a body limit nginx passes: at most its client_max_body_size of 1 MiB', () => {
    expect(loadConfig({ BODY_LIMIT_BYTES: '1048576' }).BODY_LIMIT_BYTES).toBe(1_048_576);
    // Above it, nginx's own HTML 413 would answer before the app's.
    expect(() => loadConfig({ BODY_LIMIT_BYTES: '1048577' })).toThrow(/BODY_LIMIT_BYTES/);
  });

  it('takes the site’s address and CORS origins as origins, and the web folder as a path', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://aeropool.in/' }).PUBLIC_URL).toBe(
      'https://aeropool.in',
    );
    for (const bad of ['https://aeropool.in/app', 'https://aeropool.in/?a=1', 'ftp://aeropool.in'])
      expect(() => loadConfig({ PUBLIC_URL: bad })).toThrow(/PUBLIC_URL: must be the site/);
    expect(
      loadConfig({ CORS_ORIGIN: 'https://a.example.com/, http://localhost:5173' }).CORS_ORIGIN,
    ).toBe('https://a.example.com,http://localhost:5173');
    for (const bad of ['*', 'example.com', 'https://a.b/path'])
      expect(() => loadConfig({ CORS_ORIGIN: bad })).toThrow(/CORS_ORIGIN: must be origins/);
    expect(loadConfig({ WEB_DIST_DIR: 'apps/web/dist' }).WEB_DIST_DIR).toBe(
      path.resolve('apps/web/dist'),
    );
  });

  it('reads a variable set empty as unset, not as 0', () => {
    const config = loadConfig({ PORT: '', MATCH_MAX_DETOUR_MINUTES: '', PUBLIC_URL: '' });
    expect(config).toMatchObject({ PORT: 3000, MATCH_MAX_DETOUR_MINUTES: 15 });
    expect(config.PUBLIC_URL).toBeUndefined();
    // The one whose empty value says something: no retries.
    expect(loadConfig({ MAIL_RETRY_SECONDS: '' }).MAIL_RETRY_SECONDS).toEqual([]);
  });

  it('names the variable when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET: must be at least 32 characters/,
    );
  });
});
