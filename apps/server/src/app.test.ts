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
    for (const path of ['/x1', '/x2', '/chat/abc', '/chat/def']) {
      await t.request({ method: 'POST', url: '/api/analytics/pageview', payload: { path } });
    }
    const rows = await t.database.db.select().from(pageViews);
    expect(rows.map((r) => r.path).sort()).toEqual(['/404', '/chat/:matchId', '/support']);
    expect(rows.find((r) => r.path === '/404')?.count).toBe(2);
  });

  it('health answers 503 once the database is gone', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ statusCode: 503, entities: [{ status: 'unavailable' }] });
    await broken.app.close();
    await broken.mail.close();
  });
});

describe('configuration', () => {
  it('has zero-configuration defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './data' });
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
