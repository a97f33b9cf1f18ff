import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { users } from '../../db/schema';

/**
 * Grants or revokes the operator role by e-mail. Only the `npm run admin` command on the server
 * calls this: no HTTP route can (decision 009).
 */
export async function setOperator(
  db: DbOrTx,
  email: string,
  isOperator: boolean,
): Promise<'done' | 'no-such-rider'> {
  const updated = await db
    .update(users)
    .set({ isOperator, updatedAt: new Date() })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return updated.length > 0 ? 'done' : 'no-such-rider';
}

export async function listOperators(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.isOperator, true))
    .orderBy(users.email);
  return rows.map((row) => row.email);
}
