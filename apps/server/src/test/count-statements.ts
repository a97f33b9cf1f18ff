import type { Database } from '../db/database';

export type SeenStatement = { text: string; name?: string };

/** Records the SQL statements the app sends while `work` runs, with a prepared one's name. */
export async function recordStatements(
  database: Database,
  work: () => Promise<unknown>,
): Promise<SeenStatement[]> {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const original = client.query;
  const seen: SeenStatement[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text: string; name?: string };
    seen.push(typeof first === 'string' ? { text: first } : { text: first.text, name: first.name });
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return seen;
}

/** The texts of the SQL statements the app sends while `work` runs. */
export async function countStatements(
  database: Database,
  work: () => Promise<unknown>,
): Promise<string[]> {
  return (await recordStatements(database, work)).map((statement) => statement.text);
}
