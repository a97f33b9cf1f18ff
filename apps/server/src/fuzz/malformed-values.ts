import fc from 'fast-check';

/** Strings that have broken parsers, validators and databases before. */
const NASTY_STRINGS = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-0',
  '0x10',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\ud800',
  '%00',
  '%',
  '../../etc/passwd',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '00000000-0000-0000-0000-000000000000',
  '00000000-0000-4000-8000-00000000000g',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '9'.repeat(400),
  '2026-02-30T25:61:00Z',
  '+919876543210',
];

/** Nested arrays or objects `depth` levels deep. */
const nested = (depth: number, asObject: boolean): unknown => {
  let value: unknown = 'deep';
  for (let level = 0; level < depth; level += 1) value = asObject ? { a: value } : [value];
  return value;
};

export const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.string({ minLength: 5000, maxLength: 5000 }) },
);

const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -1, 0, 1e21, 1.5),
);

/** Any JSON value a client could send where another was expected. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 3 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 20, max: 3000 }), fc.boolean())
      .map(([depth, asObject]) => nested(depth, asObject)),
  },
);

/**
 * A body for a route whose schema names `keys`: the right keys with wrong values (and sometimes
 * a right value kept), extra and prototype keys, or not an object at all.
 */
export const nastyBody = (keys: string[], goodValues: Record<string, unknown>) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          fc.subarray(keys),
          fc.array(nastyValue, { minLength: keys.length, maxLength: keys.length }),
          fc.array(fc.boolean(), { minLength: keys.length, maxLength: keys.length }),
          fc.boolean(),
        )
        .map(([chosen, values, keepGood, withProto]) => {
          const body: Record<string, unknown> = {};
          chosen.forEach((key, index) => {
            const good = goodValues[key];
            body[key] = keepGood[index] && good !== undefined ? good : values[index];
          });
          if (withProto) {
            Object.defineProperty(body, '__proto__', {
              value: { isAdmin: true },
              enumerable: true,
            });
          }
          return body;
        }),
    },
    { weight: 1, arbitrary: nastyValue },
  );
