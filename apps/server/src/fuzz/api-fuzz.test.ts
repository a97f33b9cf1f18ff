import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRide, matchedPair, sendMatch } from '../test/ride-factory';
import { createTestApp, type SignedUpUser, type TestApp } from '../test/test-app';
import { nastyBody, nastyString, nastyValue } from './malformed-values';

/**
 * Property-based fuzzing of every route in the OpenAPI document: malformed bodies, params and
 * queries, as an anonymous caller, as another rider and as the owner of real rows. Whatever is
 * sent, the answer is never a 5xx, always the envelope, and never a stack trace or SQL.
 * CI runs a fixed seed and a bounded count; `npm run fuzz` runs many more with a random seed.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? 20261123);

/** Routes that end the owner's own session or account: fuzzing them would fuzz a logged-out app. */
const SKIPPED = new Set([
  'POST /api/user/logout',
  'POST /api/user/logout-all',
  'DELETE /api/user/deactive/{id}',
]);

const LEAKS = [
  /\n\s+at .+\(/, // a stack frame
  /\.ts:\d+/,
  /node_modules/,
  /\bselect .+ from\b/i,
  /\binsert into\b/i,
  /syntax error at/i,
  /violates .* constraint/i,
  /relation "/i,
  /\$argon2/,
];

type Operation = {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyKeys: string[] | null;
};

type OpenApiOperation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
};

function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }) {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (SKIPPED.has(`${upper} ${path}`)) continue;
      const parameters = operation.parameters ?? [];
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: upper,
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyKeys: schema ? Object.keys(schema.properties ?? {}) : null,
      });
    }
  }
  return operations;
}

let t: TestApp;
let owner: SignedUpUser;
let other: SignedUpUser;
let operations: Operation[];
let validIds: string[];
let goodValues: Record<string, unknown>;
let dataDir: string;

beforeAll(async () => {
  // A real data folder, so /api/health?deep=1 is healthy and any 5xx is a finding.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-fuzz-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  [owner, other] = await Promise.all([t.signUp(), t.signUp()]);
  const { rideA, rideB, matchId } = await matchedPair(t, owner, other, { minutesAhead: 4000 });
  const spare = await createRide(t, owner, { minutesAhead: 7000 });
  const otherSpare = await createRide(t, other, { minutesAhead: 7000 });
  const pending = (await sendMatch(t, owner, spare._id, otherSpare._id)).json().entities[0]._id;
  validIds = [
    owner.id,
    other.id,
    rideA._id,
    rideB._id,
    spare._id,
    otherSpare._id,
    matchId,
    pending,
  ];
  goodValues = {
    email: owner.email,
    password: owner.password,
    firstName: 'Fuzz',
    lastName: 'Tester',
    _id: owner.id,
    userId: owner.id,
    fromRequest: spare._id,
    toRequest: otherSpare._id,
    requestId: otherSpare._id,
    matchRequestId: pending,
    matchId,
    rideRequestId: rideA._id,
    status: 'Cancelled',
    purpose: 'signup',
    otp: '123456',
    rating: 4,
  };
  operations = operationsOf(t.app.swagger() as never);
});
/** Status codes seen per route; `npm run fuzz` prints them to show what the fuzzer reached. */
const seen = new Map<string, Map<number, number>>();
afterAll(async () => {
  if (process.env.FUZZ_REPORT) {
    for (const [route, statuses] of [...seen].sort()) {
      const counts = [...statuses].sort().map(([status, n]) => `${status}×${n}`);
      console.log(`${route.padEnd(60)} ${counts.join(' ')}`);
    }
  }
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A URL cannot carry a lone UTF-16 surrogate at all; what a client could send is U+FFFD. */
const wellFormed = (value: unknown) =>
  String(value).replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '\ufffd',
  );

const pathValue = () =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...validIds) },
    { weight: 2, arbitrary: nastyString },
  );

const requestArbitrary = () =>
  fc.constantFrom(...operations).chain((operation) =>
    fc.record({
      operation: fc.constant(operation),
      identity: fc.constantFrom('anonymous', 'other', 'owner'),
      params: fc.tuple(...operation.pathParams.map(() => pathValue())),
      query: fc.dictionary(
        fc.oneof(fc.constantFrom(...operation.queryParams, 'x'), nastyString.map(wellFormed)),
        nastyString.map(wellFormed),
        { maxKeys: 3 },
      ),
      body: operation.bodyKeys ? nastyBody(operation.bodyKeys, goodValues) : fc.option(nastyValue),
    }),
  );

describe('API fuzz', () => {
  it('found every route of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  it(`never answers 5xx, always the envelope, never a stack or SQL (seed ${SEED}, ${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(requestArbitrary(), async ({ operation, identity, params, query, body }) => {
        let url = operation.path;
        operation.pathParams.forEach((name, index) => {
          url = url.replace(`{${name}}`, encodeURIComponent(wellFormed(params[index])));
        });
        const token =
          identity === 'owner' ? owner.token : identity === 'other' ? other.token : undefined;
        const res = await t.request({
          method: operation.method as 'GET',
          url,
          query: query as Record<string, string>,
          token,
          ...(body !== undefined && body !== null && operation.method !== 'GET'
            ? { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
            : {}),
        });
        const route = `${operation.method} ${operation.path}`;
        const statuses = seen.get(route) ?? new Map<number, number>();
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        seen.set(route, statuses);
        const where = `${operation.method} ${url} → ${res.statusCode}: ${res.body.slice(0, 300)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        // A redirect (the unsubscribe link opened in a browser) sends the page elsewhere, to the
        // site itself, and has no body to read.
        if (res.statusCode >= 300 && res.statusCode < 400) {
          expect(String(res.headers.location), where).toMatch(/^\/[^/]/);
          return;
        }
        const envelope = res.json();
        expect(envelope.statusCode, where).toBe(res.statusCode);
        expect(typeof envelope.message, where).toBe('string');
        expect(Array.isArray(envelope.entities), where).toBe(true);
        for (const leak of LEAKS) expect(res.body, where).not.toMatch(leak);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);
});
