import { suspendedMessage } from '@aeropool/contract/safety';
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGES,
  type ChangePasswordBody,
  type CreateUserBody,
  type ForgotPasswordBody,
  type LoginBody,
  type UserStats,
} from '@aeropool/contract/accounts';
import type { Gender } from '@aeropool/contract/gender';
import { matchMembers, matches, phoneCodes, rideRequests, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { DbOrTx } from '../../db/database';
import type { ServiceContext } from '../../lib/service-context';
import { cancelActiveMatchesOfRider, tellCoRidersOfLeave } from '../matches/match-service';
import { revokeTripShares } from '../trip-shares/revoke-trip-shares';
import { cancelOpenRequestsOfRider } from '../rides/ride-request-service';
import { tellSendersOfClosedRequests } from '../matching/closed-request-notices';
import { rideStatsOf } from '../trips/trip-service';
import { assertAddressFree, findAccountByEmail } from './account-lifecycle';
import { passwordChangedMail } from './account-mails';
import { consumeVerification, endCodesOf, lockEmail } from './otp-service';
import { hashPassword, verifyPassword } from './password-hash';

type UserRow = typeof users.$inferSelect;

export async function findUserById(ctx: ServiceContext, id: string): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id));
  if (!user || !user.isActive) throw new AppError('NOT_FOUND', 'User not found.');
  return user;
}

/** True for an active account, and for one the password reset can still reactivate. */
export async function emailExists(ctx: ServiceContext, email: string): Promise<boolean> {
  return (await findAccountByEmail(ctx.db, email, ctx.now())).kind !== 'none';
}

export async function createUser(ctx: ServiceContext, body: CreateUserBody): Promise<UserRow> {
  const passwordHash = await hashPassword(body.password);
  return ctx.db.transaction(async (tx) => {
    await consumeVerification(ctx, tx, {
      email: body.email,
      token: body.verificationToken,
      purpose: 'signup',
    });
    assertAddressFree(await findAccountByEmail(tx, body.email, ctx.now()));
    const [user] = await tx
      .insert(users)
      .values({
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        passwordHash,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    // Throwing rolls back the token's use, so the rider can still log in or try again.
    if (!user) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.emailTaken, { field: 'email' });
    return user;
  });
}

/**
 * Checks the password and opens a session. The address is looked up as every path does (decision
 * 007: a deactivation past the window frees it). The session is issued only while the password
 * checked is still the account's, under a share lock on the rider's row: a change or reset that
 * lands during the check either comes first (this login is refused) or waits for this session to
 * exist and then revokes it with the others (decision 003).
 */
export async function login(
  ctx: ServiceContext,
  body: LoginBody,
): Promise<{ user: UserRow; token: string }> {
  const account = await findAccountByEmail(ctx.db, body.email, ctx.now());
  const user = account.kind === 'none' ? undefined : account.user;
  const isValid = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !isValid) {
    if (user?.isGoogleAuth && !user.passwordHash) {
      throw new AppError(
        'UNAUTHORIZED',
        'This account uses Google sign-in. Please use Sign in with Google.',
      );
    }
    throw new AppError('UNAUTHORIZED', ACCOUNT_MESSAGES.invalidCredentials);
  }
  // A suspension first: a deactivated suspended rider would be sent to a reset that cannot help.
  assertNotSuspended(ctx, user);
  if (!user.isActive) throw new AppError('UNAUTHORIZED', ACCOUNT_MESSAGES.deactivatedLogin);
  const token = await issueSessionWhile(
    ctx,
    user.id,
    eq(users.passwordHash, user.passwordHash!),
    new AppError('UNAUTHORIZED', ACCOUNT_MESSAGES.invalidCredentials),
  );
  return { user, token };
}

/**
 * Opens a session for an active, unsuspended rider only while `still` (what was checked: the
 * password, the Google link) holds, under a share lock on their row: a password change or reset
 * landing meanwhile either comes first (`refusal`) or waits for this session and then ends it
 * with the others (decision 003).
 */
export async function issueSessionWhile(
  ctx: ServiceContext,
  userId: string,
  still: SQL,
  refusal: AppError,
): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), still, eq(users.isActive, true), isNull(users.suspendedAt)))
      .for('share');
    if (!row) throw refusal;
    return ctx.sessions.issue(userId, tx);
  });
}

/** A suspended rider learns why and where to write, at every way in (decision 009). */
export function assertNotSuspended(ctx: ServiceContext, user: UserRow): void {
  if (user.suspendedAt) {
    throw new AppError(
      'FORBIDDEN',
      suspendedMessage(user.suspensionReason ?? '', ctx.config.SUPPORT_EMAIL),
    );
  }
}

/** Only the fields sent change; the e-mail may be sent unchanged but never changed. */
export async function updateProfile(
  ctx: ServiceContext,
  id: string,
  body: {
    firstName?: string;
    lastName?: string;
    email?: string;
    phone?: string | null;
    gender?: Gender | null;
  },
): Promise<UserRow> {
  const current = await findUserById(ctx, id);
  if (body.email !== undefined && body.email !== current.email) {
    throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.emailImmutable, { field: 'email' });
  }
  // A changed number must be verified again; the same number sent again keeps its check.
  const isNewPhone = body.phone !== undefined && body.phone !== current.phone;
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({
        ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
        ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
        ...(isNewPhone ? { phone: body.phone, phoneVerifiedAt: null } : {}),
        ...(body.gender !== undefined ? { gender: body.gender } : {}),
        updatedAt: ctx.now(),
      })
      .where(eq(users.id, id))
      .returning();
    if (isNewPhone) await tx.delete(phoneCodes).where(eq(phoneCodes.userId, id));
    // Women-only requests need a profile that says Woman: they stop being women-only otherwise.
    if (body.gender !== undefined && body.gender !== 'woman') {
      await tx
        .update(rideRequests)
        .set({ womenOnly: false })
        .where(and(eq(rideRequests.riderId, id), eq(rideRequests.womenOnly, true)));
    }
    return user!;
  });
}

/** Counters shown on the profile, from the rider's trips and received ratings. */
export async function getUserStats(ctx: ServiceContext, id: string): Promise<UserStats> {
  await findUserById(ctx, id);
  return rideStatsOf(ctx, id);
}

export async function changePassword(
  ctx: ServiceContext,
  id: string,
  body: ChangePasswordBody,
): Promise<{ user: UserRow; token: string }> {
  const current = await findUserById(ctx, id);
  if (!current.passwordHash) {
    throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.googleAccountNoPassword);
  }
  // 400, not 401: a wrong current password must not sign the user out.
  if (!(await verifyPassword(current.passwordHash, body.currentPassword))) {
    throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.currentPasswordWrong, {
      field: 'currentPassword',
    });
  }
  const passwordHash = await hashPassword(body.password);
  // Every older session ends; the caller gets a fresh one for this device, made in the same
  // transaction, so a reset committing just after ends it too.
  const changed = await ctx.db.transaction(async (tx) => {
    await lockEmail(tx, current.email);
    // Only over the password checked: a reset that landed meanwhile is not overwritten (nor
    // outlived by the session this would hand out).
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: ctx.now() })
      .where(
        and(
          eq(users.id, id),
          eq(users.passwordHash, current.passwordHash!),
          eq(users.isActive, true),
          isNull(users.suspendedAt),
        ),
      )
      .returning();
    if (!user) throw new AppError('UNAUTHORIZED', ACCOUNT_MESSAGES.sessionExpired);
    await ctx.sessions.revokeAllOf(id, tx);
    await endCodesOf(tx, user.email, ctx.now());
    return { user, token: await ctx.sessions.issue(id, tx) };
  });
  tellOfPasswordChange(ctx, changed.user);
  return changed;
}

/** The owner's mail after a change or reset; sent later, so a slow mail server holds up nothing. */
function tellOfPasswordChange(ctx: ServiceContext, user: UserRow, reactivated = false) {
  ctx.mailer.sendLater(
    passwordChangedMail(user, ctx.now(), ctx.config.SUPPORT_EMAIL, { reactivated }),
    'password change notice not sent',
  );
}

export async function resetForgottenPassword(
  ctx: ServiceContext,
  body: ForgotPasswordBody,
): Promise<string> {
  const passwordHash = await hashPassword(body.password);
  const now = ctx.now();
  const { user, reactivates } = await ctx.db.transaction(async (tx) => {
    // Before the verification's row: two resets at once take turns, the second then refused.
    await lockEmail(tx, body.email);
    await consumeVerification(ctx, tx, {
      email: body.email,
      token: body.verificationToken,
      purpose: 'reset',
    });
    const account = await findAccountByEmail(tx, body.email, now);
    if (account.kind === 'none') {
      throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.userNotFoundByEmail);
    }
    // A reset within the window reactivates a deactivated account (decision 007); a suspended
    // one gets its new password but stays as it is, whatever the window.
    const reactivates = account.kind === 'deactivated';
    await tx
      .update(users)
      .set({
        passwordHash,
        ...(reactivates ? { isActive: true, deactivatedAt: null } : {}),
        // Whoever holds the address decides: a Google account linked before (perhaps not theirs)
        // is let go, and Google signs in again only where it vouches for the address.
        googleSubject: null,
        updatedAt: now,
      })
      .where(eq(users.id, account.user.id));
    await ctx.sessions.revokeAllOf(account.user.id, tx);
    await endCodesOf(tx, body.email, now);
    return { user: account.user, reactivates };
  });
  tellOfPasswordChange(ctx, user, reactivates);
  return user.id;
}

/** Ends every session and withdraws the rider's open requests so nobody matches a gone account. */
export async function deactivateUser(ctx: ServiceContext, id: string): Promise<void> {
  await findUserById(ctx, id);
  const now = ctx.now();
  await withdrawRider(ctx, id, { isActive: false, deactivatedAt: now, updatedAt: now });
}

/**
 * Takes a rider out of the product (deactivation, suspension): `change` is written to the user,
 * every session ends, Active matches whose trip is ahead are left (one whose trip is over stays,
 * for the co-riders to rate and complete) and open requests cancelled; co-riders are told.
 * `first` runs in the same transaction once the rider's row is locked (a check, an audit entry).
 */
export async function withdrawRider(
  ctx: ServiceContext,
  id: string,
  change: Partial<UserRow>,
  first?: (tx: DbOrTx) => Promise<void>,
): Promise<void> {
  const now = ctx.now();
  const { left, askers, closed } = await ctx.db.transaction(async (tx) => {
    // Lock the rider, then their requests, so neither a create nor an accept can slip a new
    // request or match in while the account closes. `no key update`, as a create takes it: an
    // accept holds the rides and then checks this row as a foreign key (key share), which
    // `update` would make wait on a lock that waits on those rides (a deadlock). An accept that
    // commits first is seen by the statements below, which each read anew.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('no key update');
    await first?.(tx);
    // Their cabs before their rides, the order a join, a leave and a status change take them: a
    // co-rider cancelling now holds the cab and then needs this rider's ride (decision 011).
    await tx
      .select({ id: matches.id })
      .from(matches)
      .where(
        and(
          eq(matches.status, 'Active'),
          inArray(
            matches.id,
            tx
              .select({ id: matchMembers.matchId })
              .from(matchMembers)
              .where(eq(matchMembers.userId, id)),
          ),
        ),
      )
      .orderBy(matches.id)
      .for('update');
    await tx
      .select({ id: rideRequests.id })
      .from(rideRequests)
      .where(eq(rideRequests.riderId, id))
      .orderBy(rideRequests.id)
      .for('update');
    await tx.update(users).set(change).where(eq(users.id, id));
    await ctx.sessions.revokeAllOf(id, tx);
    const { left, asks } = await cancelActiveMatchesOfRider(tx, id, now);
    // A completed trip's link would otherwise stay readable for hours after the account closed.
    await revokeTripShares(tx, { userId: id }, now);
    const { riders, closed } = await cancelOpenRequestsOfRider(tx, id, now);
    return { left, askers: [...asks.riders, ...riders], closed: [...asks.closed, ...closed] };
  });
  for (const userId of askers) {
    if (userId !== id) ctx.notifyUser(userId, 'trips:changed', { reason: 'request-changed' });
  }
  // Co-riders hear it as any leave: a notice on their open tabs, the bell and a mail (no reason).
  for (const { matchId, members } of left)
    await tellCoRidersOfLeave(ctx, { matchId, userId: id, members, now });
  await tellSendersOfClosedRequests(ctx, closed, { why: 'gone', by: id });
}
