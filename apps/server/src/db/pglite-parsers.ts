import { types, type PGlite, type QueryOptions } from '@electric-sql/pglite';

/**
 * The types drizzle wants as PostgreSQL's text (it maps them to Date itself): timestamp,
 * timestamptz, interval, date and their arrays, and numeric[] — the same list drizzle's PGlite
 * driver passes as `parsers` with every query.
 */
const TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];

type Parsers = NonNullable<QueryOptions['parsers']>;
type Queryable = Pick<PGlite, 'query'> & Partial<Pick<PGlite, 'exec' | 'transaction'>>;

const keep = (value: string) => value;

/**
 * Per-query `parsers` make PGlite copy its whole table of ~300 type parsers for every statement
 * (about 0.1 ms each, a third of a `select 1`, issue 7). So the text parsers drizzle asks for
 * become the instance's own, drizzle's copies are dropped on the way in, and the original parsers
 * are handed back to the one other user of the instance (pg-boss), which expects Dates.
 */
export function shareDrizzleParsers(client: PGlite) {
  const original: Parsers = Object.fromEntries(
    TEXT_TYPES.map((oid) => [oid, client.parsers[oid] as Parsers[number]]),
  );
  for (const oid of TEXT_TYPES) client.parsers[oid] = keep;
  return {
    forDrizzle: withParsers(client, undefined) as PGlite,
    withOriginalParsers: withParsers(client, original) as PGlite,
  };
}

/** `client` whose queries (in transactions too) run with `parsers` instead of the caller's. */
function withParsers<T extends Queryable>(client: T, parsers: Parsers | undefined): T {
  const options = (given?: QueryOptions): QueryOptions | undefined => {
    if (!given) return parsers && { parsers };
    const { parsers: _dropped, ...rest } = given;
    return parsers ? { ...rest, parsers: { ...parsers, ...given.parsers } } : rest;
  };
  // What is assigned to the proxy stays on it (a test's statement counter wraps `query`).
  const assigned = new Map<string | symbol, unknown>();
  return new Proxy(client, {
    set(_target, property, value) {
      assigned.set(property, value);
      return true;
    },
    get(target, property) {
      if (assigned.has(property)) return assigned.get(property);
      if (property === 'query')
        return (text: string, params?: unknown[], given?: QueryOptions) =>
          target.query(text, params, options(given));
      if (property === 'exec' && target.exec)
        return (text: string, given?: QueryOptions) => target.exec!(text, options(given));
      if (property === 'transaction' && target.transaction)
        return <R>(callback: (tx: Queryable) => Promise<R>) =>
          target.transaction!((tx) => callback(withParsers(tx, parsers)));
      const value: unknown = Reflect.get(target, property, target);
      // PGlite's methods use private fields: they must run on the instance, not on the proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
