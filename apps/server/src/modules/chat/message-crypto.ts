import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { withoutBidiControls } from '@aeropool/contract/text';

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

/**
 * A stored message, read without bidi controls: those stored before they were dropped on input
 * still hold them, and a migration cannot reach an encrypted body.
 */
export function decryptMessage(key: Buffer, matchId: string, stored: string): string {
  const raw = Buffer.from(stored, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(matchId));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return withoutBidiControls(
    Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    ),
  );
}
