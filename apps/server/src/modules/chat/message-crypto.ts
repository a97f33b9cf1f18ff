import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { withoutBidiControls } from '@aeropool/contract/text';
import type { ServiceContext } from '../../lib/service-context';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM with a fresh random IV per message; the match id is authenticated data, so a stored
 * message cannot be moved to another match. Stored as base64url(iv | tag | ciphertext).
 */
export function encryptMessage(key: Buffer, matchId: string, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(matchId));
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
}

/** What a rider sees for a stored message no key opens (a key lost or replaced without it). */
export const UNREADABLE_MESSAGE = 'This message could not be read.';

/**
 * A stored message, read without bidi controls: those stored before they were dropped on input
 * still hold them, and a migration cannot reach an encrypted body. `keys` are tried in turn (the
 * current key, then one it replaced); null when none opens it.
 */
export function decryptMessage(keys: Buffer[], matchId: string, stored: string): string | null {
  const raw = Buffer.from(stored, 'base64url');
  // Too short to hold its IV and tag: damaged, not a message any key opens.
  if (raw.length < IV_BYTES + TAG_BYTES) return null;
  for (const key of keys) {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(matchId));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      const text = Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
      return withoutBidiControls(text);
    } catch {
      // Not this key (GCM's tag does not match): the next one.
    }
  }
  return null;
}

/** A stored message's text for a rider: one no key opens reads as such, and the log says so. */
export function readStoredMessage(
  ctx: Pick<ServiceContext, 'secrets' | 'log'>,
  matchId: string,
  stored: string,
): string {
  const text = decryptMessage(ctx.secrets.chatReadKeys, matchId, stored);
  if (text !== null) return text;
  ctx.log.error(
    { matchId },
    'a chat message opens with no chat key: was CHAT_ENCRYPTION_KEY changed, or set differently on another instance?',
  );
  return UNREADABLE_MESSAGE;
}
