import { afterEach, expect, it } from 'vitest';
import { startHttpStandIn, type HttpStandIn } from '../../test/http-stand-in';
import { fetchJson } from './fetch-json';

let standIn: HttpStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

it('reads a JSON answer', async () => {
  standIn = await startHttpStandIn(() => ({ body: { code: 'Ok', routes: [] } }));
  expect(await fetchJson(`${standIn.url}/route`)).toEqual({ code: 'Ok', routes: [] });
});

it('refuses a redirect instead of sending the query where the operator did not configure', async () => {
  standIn = await startHttpStandIn((request) =>
    request.url.pathname === '/elsewhere'
      ? { body: { code: 'Ok' } }
      : { status: 302, body: '', headers: { location: '/elsewhere' } },
  );
  await expect(fetchJson(`${standIn.url}/route`)).rejects.toThrow();
  expect(standIn.requests.map((request) => request.url.pathname)).toEqual(['/route']);
});

it('stops reading an answer larger than the limit', async () => {
  const huge = { padding: 'x'.repeat(64 * 1024) };
  standIn = await startHttpStandIn(() => ({ body: huge }));
  await expect(fetchJson(standIn.url, { maxBytes: 16 * 1024 })).rejects.toThrow(
    /answered more than 16384 bytes/,
  );
  expect(await fetchJson(standIn.url, { maxBytes: 128 * 1024 })).toEqual(huge);
});
