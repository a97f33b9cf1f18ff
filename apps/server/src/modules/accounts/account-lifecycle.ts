import { and, eq, isNull, lt, notLike, or, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, REACTIVATION_WINDOW_DAYS } from '@aeropool/contract/accounts';
import type { DbOrTx } from '../../db/database';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

type UserRow = typeof users.$inferSelect;

/** What an e-mail address stands for right now (decision 007). */
export type AccountByEmail =
  | { kind: 'none' }
  | { kind: 'active'; user: UserRow }
  /** Deactivated less than 30 days ago: the password reset reactivates it. */
  | { kind: 'deactivated'; user: UserRow }
  /**
   * Suspended, deactivated or not: never released, or a suspended rider could deactivate, wait
   * 30 days and sign up again with the same e-mail and phone (decision 009).
   */
  | { kind: 'suspended'; user: UserRow };

const WINDOW_MS = REACTIVATION_WINDOW_DAYS * 86_400_000;

const RELEASED_DOMAIN = 'invalid.aeropool';

/** An address a released account was given in place of its own: no mail can reach it. */
export const isReleasedEmail = (email: string) =>
  email.startsWith('released-') && email.endsWith(`@${RELEASED_DOMAIN}`);

/**
 * What a released account keeps: an address that is unique and no mail can ever reach, no Google
 * link, and no phone (the number may be verified on a new account, decision 008).
 */
const releasedColumns = (now: Date) => ({
  email: sql`'released-' || ${users.id}::text || ${`@${RELEASED_DOMAIN}`}`,
  googleSubject: null,
  phone: null,
  phoneVerifiedAt: null,
  updatedAt: now,
});

/**
 * Releases every account deactivated longer ago than the reactivation window and not suspended
 * (a daily job): looking an address up releases its own at once, but a number must not wait for
 * someone to type the old e-mail before another account can verify it. Returns how many.
 */
export async function releaseDueAccounts(db: DbOrTx, now: Date): Promise<number> {
  const released = await db
    .update(users)
    .set(releasedColumns(now))
    .where(
      and(
        eq(users.isActive, false),
        isNull(users.suspendedAt),
        or(
          isNull(users.deactivatedAt),
          lt(users.deactivatedAt, new Date(now.getTime() - WINDOW_MS)),
        ),
        notLike(users.email, `released-%@${RELEASED_DOMAIN}`),
      ),
    )
    .returning({ id: users.id });
  return released.length;
}

/**
 * Finds the account holding `email`. A deactivation older than the reactivation window releases
 * the address (and any Google link) on the spot, so the e-mail is free for a new account; the old
 * account keeps its trips and ratings under an address nobody can use.
 */
export async function findAccountByEmail(
  db: DbOrTx,
  email: string,
  now: Date,
): Promise<AccountByEmail> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) return { kind: 'none' };
  if (user.suspendedAt) return { kind: 'suspended', user };
  if (user.isActive) return { kind: 'active', user };
  const deactivatedAt = user.deactivatedAt?.getTime() ?? 0;
  if (now.getTime() - deactivatedAt < WINDOW_MS) return { kind: 'deactivated', user };
  await db.update(users).set(releasedColumns(now)).where(eq(users.id, user.id));
  return { kind: 'none' };
}

/** Sign-up and Google sign-in refuse an address that is taken or still reactivatable. */
export function assertAddressFree(account: AccountByEmail): void {
  // A suspended address answers as a taken one: the suspension is told only to its password.
  if (account.kind === 'active' || account.kind === 'suspended') {
    throw new AppError('CONFLICT', ACCOUNT_MESSAGES.emailTaken, { field: 'email' });
  }
  if (account.kind === 'deactivated') {
    throw new AppError('CONFLICT', ACCOUNT_MESSAGES.deactivatedReactivate, { field: 'email' });
  }
}
