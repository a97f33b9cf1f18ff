import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../app';
import { createTestApp, type TestApp } from '../test/test-app';
import { serializeError } from './log-redaction';

describe('what the log writes', () => {
  let t: TestApp;
  let lines = '';
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines += chunk.toString();
        done();
      },
    });
    t = await createTestApp({}, { logger: { ...(loggerOptions('info') as object), stream } });
  });
  afterAll(() => t.close());

  it('a failed query logs its text but not its parameters (no password hash)', async () => {
    // Any insert of a new user now fails inside PostgreSQL, after the password was hashed.
    await t.database.db.execute(
      sql`alter table users add constraint test_short_names check (length(first_name) < 3)`,
    );
    try {
      await expect(t.signUp({ firstName: 'Longname', password: 'hunter2-secret' })).rejects.toThrow(
        /user\/create/,
      );
    } finally {
      await t.database.db.execute(sql`alter table users drop constraint test_short_names`);
    }
    expect(lines).toContain('Failed query: insert into');
    expect(lines).toContain('params: [redacted]');
    expect(lines).not.toMatch(/\$argon2id\$/);
    expect(lines).not.toContain('hunter2-secret');
    expect(lines).not.toContain('Longname');
  });

  it('a trip link’s token is not in the request lines, on its API path nor its page', async () => {
    const token = 'Tq'.repeat(21) + 'x';
    for (const url of [`/api/trip/${token}`, `/trip/${token}`, `/trip/${token}/?from=sms`]) {
      await t.request({ method: 'GET', url });
    }
    expect(lines).toContain('"url":"/api/trip/[redacted]"');
    expect(lines).toContain('"url":"/trip/[redacted]/?from=sms"');
    expect(lines).not.toContain(token);
  });

  it('what a rider types into place search, often a home address, is not in the request lines', async () => {
    await t.request({ method: 'GET', url: '/api/places/search?q=12th%20Main%20Indiranagar' });
    await t.request({ method: 'GET', url: '/api/notifications/unsubscribe?token=secret-token-1' });
    expect(lines).toContain('"url":"/api/places/search?[redacted]"');
    expect(lines).toContain('"url":"/api/notifications/unsubscribe?[redacted]"');
    expect(lines).not.toContain('Indiranagar');
    expect(lines).not.toContain('secret-token-1');
  });
});

describe('serializeError', () => {
  it('keeps what helps and drops values: params, PostgreSQL detail, secret fields', () => {
    const error = Object.assign(new Error('Failed query: select $1\nparams: 42,$argon2id$abc'), {
      query: 'select $1',
      params: [42, '$argon2id$abc'],
      cause: { code: '23505', detail: 'Key (email)=(a@b.c) already exists.', table: 'users' },
      password: 'hunter2',
      nested: { token: 'eyJ…', ok: 'kept' },
    });
    const out = JSON.stringify(serializeError(error));
    expect(out).toContain('select $1');
    expect(out).toContain('23505');
    expect(out).toContain('kept');
    for (const secret of ['$argon2id$abc', 'a@b.c', 'hunter2', 'eyJ']) {
      expect(out).not.toContain(secret);
    }
  });
});
