import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// A built web app in miniature: a hashed script with the .br and .gz copies the build writes,
// the SPA shell and one pre-rendered page.
const script = `console.log(${JSON.stringify('AeroPool '.repeat(400))});`;
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-dist-'));
const write = (file: string, data: string | Buffer) => {
  fs.mkdirSync(path.dirname(path.join(distDir, file)), { recursive: true });
  fs.writeFileSync(path.join(distDir, file), data);
};
write('index.html', '<!doctype html><title>AeroPool</title><div id="root"></div>');
write('pages/login.html', '<!doctype html><title>Log in · AeroPool</title><h1>Log in</h1>');
write('pages/index.html', '<!doctype html><title>AeroPool</title><h1>Share your cab</h1>');
write('assets/index-abc123.js', script);
write('assets/index-abc123.js.br', zlib.brotliCompressSync(script));
write('assets/index-abc123.js.gz', zlib.gzipSync(script));
// What vite-plugin-pwa adds (issue 9): the service worker, the manifest and the offline page.
const worker = `self.addEventListener('fetch', () => {}); // ${'precache '.repeat(200)}`;
write('sw.js', worker);
write('sw.js.br', zlib.brotliCompressSync(worker));
write('manifest.webmanifest', JSON.stringify({ name: 'AeroPool', start_url: '/dashboard' }));
write('offline.html', "<!doctype html><title>You're offline · AeroPool</title>");
// A file beside the build, which no path may reach.
const outside = `${path.basename(distDir)}.outside`;
fs.writeFileSync(path.join(distDir, '..', outside), 'not to be served');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
  fs.rmSync(path.join(distDir, '..', outside), { force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.request({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('static assets by Accept-Encoding', () => {
  it('sends the Brotli copy when the client takes br, with Vary and a year of caching', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy to a gzip-only client', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('serves a compressed copy only in place of its file, not by its own name', async () => {
    const res = await get('/assets/index-abc123.js.br', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answers the assets folder, a missing asset and a path out of the folder as not found', async () => {
    for (const url of [
      '/assets/',
      '/assets',
      '/assets/index-missing.js',
      '/assets/%2e%2e/sw.js.br',
      `/assets/%2e%2e/%2e%2e/${outside}`,
      `/assets/..%2f..%2f${outside}`,
      `/assets/%2e%2e%2f%2e%2e%2f${outside}`,
      `/%2e%2e/${outside}`,
    ]) {
      const res = await get(url, 'br');
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('answers HEAD for an asset as GET would, without the body', async () => {
    const res = await t.request({ method: 'HEAD', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe('');
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('serves the SPA shell and pre-rendered pages as no-cache', async () => {
    const shell = await get('/chat/0b4b4a4e-1111-4222-8333-444455556666', 'br');
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(shell.body).toContain('<div id="root"></div>');
    // A path the app has no page for: the app (it shows its 404 page), with status 404.
    const unknown = await get('/trips');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="root"></div>');
    // The desk, too, answers as an unknown path does: its page tells an operator apart.
    const desk = await get('/admin');
    expect(desk.statusCode).toBe(404);
    expect(desk.body).toBe(unknown.body);

    const login = await get('/login');
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(login.body).toContain('<h1>Log in</h1>');
    expect((await get('/login/')).body).toContain('<h1>Log in</h1>');

    const landing = await get('/');
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(landing.body).toContain('<h1>Share your cab</h1>');
  });
});

describe('installable app files', () => {
  it('serves the service worker as JavaScript that the browser always revalidates', async () => {
    const res = await get('/sw.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    // A year of caching would pin riders to an old worker (and old app) for that long.
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(worker);
    // The CSP's default-src 'self' lets the page load its own worker and manifest.
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves the manifest and the offline page with their types, revalidated', async () => {
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ name: 'AeroPool' });

    const offline = await get('/offline.html');
    expect(offline.headers['content-type']).toMatch(/^text\/html/);
    expect(offline.headers['cache-control']).toBe('no-cache');
    expect(offline.body).toContain("You're offline");
  });
});

describe('API answers compressed above a small threshold', () => {
  it('compresses a large JSON answer by Accept-Encoding, with Vary', async () => {
    const url = '/api/places/search?q=road';
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);

    const res = await get(url, 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);

    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves a small answer alone', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ statusCode: 200 });
  });
});
