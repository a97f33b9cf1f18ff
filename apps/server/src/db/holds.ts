import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './database';

/** Whether a rule written as one SQL condition holds now (a block, two rides kept apart, …). */
export async function holds(db: DbOrTx, condition: SQL<boolean>): Promise<boolean> {
  const result = await db.execute(sql`select ${condition} as holds`);
  return (result as unknown as { rows: { holds: boolean }[] }).rows[0]?.holds === true;
}
