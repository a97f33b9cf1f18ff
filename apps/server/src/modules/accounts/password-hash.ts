import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with 19 MiB and 2 passes: OWASP's recommended minimum.
export const hashPassword = (password: string): Promise<string> => hash(password);

/** A hash of nothing, so a login for an unknown e-mail costs as long as one for a known one. */
const dummyHash = hash('aeropool-timing-equaliser');

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
