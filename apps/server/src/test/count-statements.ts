import type { Database } from '../db/database';

/** Counts the SQL statements the app sends while `work` runs (PGlite client or pg pool). */
export async function countStatements(
  database: Database,
  work: () => Promise<unknown>,
): Promise<string[]> {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const original = client.query;
  const seen: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text: string };
    seen.push(typeof first === 'string' ? first : first.text);
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return seen;
}
