import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export type Secrets = {
  /** Signs session JWTs. */
  jwtSecret: Uint8Array;
  /** Keys the HMAC of OTP codes and verification tokens, so a leaked table cannot be brute-forced offline. */
  hashKey: Buffer;
  /** AES-256-GCM key for chat messages at rest (CHAT_ENCRYPTION_KEY, else generated once). */
  chatKey: Buffer;
};

type StoredSecrets = { jwtSecret: string; hashKey: string; chatKey?: string };

const generate = (): StoredSecrets => ({
  jwtSecret: randomBytes(48).toString('base64url'),
  hashKey: randomBytes(32).toString('base64url'),
  chatKey: randomBytes(32).toString('base64url'),
});

/**
 * Secrets come from the environment when given; otherwise they are generated once and kept in
 * DATA_DIR so sessions survive restarts with zero configuration. Without a data folder (tests)
 * they live in memory.
 */
export function loadSecrets(
  config: Pick<Config, 'JWT_SECRET' | 'CHAT_ENCRYPTION_KEY'>,
  dataDir?: string,
): Secrets {
  let stored: StoredSecrets;
  if (dataDir) {
    const file = path.join(dataDir, 'secrets.json');
    if (fs.existsSync(file)) {
      stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredSecrets;
      // Folders created before chat existed get their key added once.
      if (!stored.chatKey) {
        stored.chatKey = randomBytes(32).toString('base64url');
        fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
      }
    } else {
      stored = generate();
      fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    }
  } else {
    stored = generate();
  }
  const jwtSecret = config.JWT_SECRET ?? stored.jwtSecret;
  return {
    jwtSecret: new TextEncoder().encode(jwtSecret),
    hashKey: Buffer.from(stored.hashKey, 'base64url'),
    chatKey: config.CHAT_ENCRYPTION_KEY ?? Buffer.from(stored.chatKey!, 'base64url'),
  };
}
