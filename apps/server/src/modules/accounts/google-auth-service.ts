import { eq, or, sql } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { ACCOUNT_MESSAGES } from '@aeropool/contract/accounts';
import { NAME_MAX_LENGTH } from '@aeropool/contract/limits';
import { asSingleLineText, hasVisibleText } from '@aeropool/contract/text';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { findAccountByEmail } from './account-lifecycle';
import { assertNotSuspended, issueSessionWhile } from './user-service';
import type { ServiceContext } from '../../lib/service-context';

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

type GoogleClaims = JWTPayload & {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  /** The Google Workspace domain of the account, when it is one. */
  hd?: string;
};

/**
 * Whether Google vouches for the address itself, not only that it was verified once: a Gmail
 * address, or a Workspace account of the address's own domain. Any Google account can carry a
 * verified address of another provider (made with it years ago, or by its previous owner), so
 * only these may sign in to an account of that address that Google did not make.
 */
const googleOwnsAddress = (email: string, claims: GoogleClaims) => {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return (
    domain === 'gmail.com' ||
    domain === 'googlemail.com' ||
    (typeof claims.hd === 'string' && claims.hd.toLowerCase() === domain)
  );
};

const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
const jwksFor = (url: string) => {
  let jwks = jwksByUrl.get(url);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000 });
    jwksByUrl.set(url, jwks);
  }
  return jwks;
};

/**
 * Verifies a Google ID token on the server (signature against Google's JWKS, audience, issuer,
 * expiry, verified e-mail); what a browser decodes by itself is never trusted.
 */
async function verifyGoogleCredential(
  ctx: ServiceContext,
  credential: string,
): Promise<GoogleClaims> {
  const clientId = ctx.config.GOOGLE_CLIENT_ID;
  if (!clientId) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.googleDisabled);
  try {
    const { payload } = await jwtVerify<GoogleClaims>(
      credential,
      jwksFor(ctx.config.GOOGLE_JWKS_URL),
      {
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        algorithms: ['RS256'],
        currentDate: ctx.now(),
      },
    );
    if (!payload.sub || !payload.email || payload.email_verified !== true) {
      throw new Error('token has no verified e-mail');
    }
    return payload;
  } catch (error) {
    ctx.log.warn({ err: error }, 'rejected a Google credential');
    throw new AppError('UNAUTHORIZED', ACCOUNT_MESSAGES.googleInvalid);
  }
}

/**
 * Signs in the Google account, linking an existing account of the same e-mail, or creates it.
 * The session is opened only while the account is still linked to this Google account: a
 * password reset landing meanwhile (it lets the link go) is not outlived (decision 003).
 */
export async function signInWithGoogle(ctx: ServiceContext, credential: string) {
  const claims = await verifyGoogleCredential(ctx, credential);
  const subject = claims.sub!;
  const user = await findOrLinkGoogleAccount(ctx, claims);
  const token = await issueSessionWhile(
    ctx,
    user.id,
    eq(users.googleSubject, subject),
    new AppError('CONFLICT', ACCOUNT_MESSAGES.googleNotLinked),
  );
  return { user, token };
}

async function findOrLinkGoogleAccount(ctx: ServiceContext, claims: GoogleClaims) {
  const email = claims.email!.trim().toLowerCase();
  const subject = claims.sub!;

  // Releases the address first if its deactivation is older than the reactivation window.
  await findAccountByEmail(ctx.db, email, ctx.now());
  // The Google ID first: it is the Google account; its address may since be another account's.
  const [existing] = await ctx.db
    .select()
    .from(users)
    .where(or(eq(users.googleSubject, subject), eq(users.email, email)))
    .orderBy(sql`${users.googleSubject} = ${subject} desc nulls last`)
    .limit(1);
  if (existing) {
    const isLinked = existing.googleSubject === subject;
    // Linked to another Google account, or an address Google does not vouch for: the account's
    // owner signs in as before (a password reset also ends a link, see resetForgottenPassword).
    // Said first: such a Google account (a former owner's of the address) is not told whether
    // the account is suspended, and why, or deactivated.
    if (!isLinked && (existing.googleSubject !== null || !googleOwnsAddress(email, claims)))
      throw new AppError('CONFLICT', ACCOUNT_MESSAGES.googleNotLinked);
    assertNotSuspended(ctx, existing);
    if (!existing.isActive) throw new AppError('UNAUTHORIZED', ACCOUNT_MESSAGES.deactivatedLogin);
    if (isLinked) return existing;
    const [linked] = await ctx.db
      .update(users)
      .set({ googleSubject: subject, updatedAt: ctx.now() })
      .where(eq(users.id, existing.id))
      .returning();
    return linked!;
  }

  // Spec §3: a missing name is a single space. Google's names follow Google's rules, not ours.
  // A name that shows nothing (a zero-width space) counts as missing, as it does in our forms.
  const name = (raw?: string) => {
    const text = asSingleLineText(raw ?? '', NAME_MAX_LENGTH);
    return hasVisibleText(text) ? text : ' ';
  };
  const [created] = await ctx.db
    .insert(users)
    .values({
      firstName: name(claims.given_name),
      lastName: name(claims.family_name),
      email,
      isGoogleAuth: true,
      googleSubject: subject,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new AppError('CONFLICT', 'Please try signing in with Google again.');
  return created;
}
