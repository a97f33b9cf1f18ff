import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { StartupError } from '../startup-error';
import type { Database } from '../db/database';
import { appSecrets } from '../db/schema';

export type Secrets = {
  /** Signs session JWTs. */
  jwtSecret: Uint8Array;
  /** Keys the HMAC of OTP codes and verification tokens, so a leaked table cannot be brute-forced offline. */
  hashKey: Buffer;
  /** AES-256-GCM key for chat messages at rest (CHAT_ENCRYPTION_KEY, else generated once). */
  chatKey: Buffer;
  /**
   * The keys messages are read with: `chatKey`, then the generated one when CHAT_ENCRYPTION_KEY
   * replaced it, so the messages of an install that set the key later stay readable.
   */
  chatReadKeys: Buffer[];
};

type StoredSecrets = { jwtSecret: string; hashKey: string; chatKey?: string };

const generate = (): StoredSecrets => ({
  jwtSecret: randomBytes(48).toString('base64url'),
  hashKey: randomBytes(32).toString('base64url'),
  chatKey: randomBytes(32).toString('base64url'),
});

/** The generated secrets kept in DATA_DIR (created once), or fresh ones without a folder (tests). */
function storedSecrets(dataDir?: string): StoredSecrets {
  if (!dataDir) return generate();
  const file = path.join(dataDir, 'secrets.json');
  if (!fs.existsSync(file)) {
    const stored = generate();
    writeWhole(file, stored);
    return stored;
  }
  const stored = readStored(file);
  // Folders created before chat existed get their key added once.
  if (!stored.chatKey) {
    stored.chatKey = randomBytes(32).toString('base64url');
    writeWhole(file, stored);
  }
  return stored;
}

/** Written beside, then renamed over: a full disk or a crash never leaves half a file. */
function writeWhole(file: string, stored: StoredSecrets) {
  const partial = `${file}.${process.pid}.partial`;
  try {
    fs.writeFileSync(partial, JSON.stringify(stored, null, 2), { mode: 0o600 });
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

function readStored(file: string): StoredSecrets {
  let stored: Partial<StoredSecrets> | undefined;
  try {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<StoredSecrets>;
  } catch {
    // Unreadable: below.
  }
  if (typeof stored?.jwtSecret === 'string' && typeof stored.hashKey === 'string')
    return stored as StoredSecrets;
  // Not replaced by a new one silently: that would sign every rider out and leave the stored
  // chat messages unreadable.
  throw new StartupError(
    `${file} is damaged. Restore it from a backup; deleting it signs every rider out and makes the stored chat messages unreadable.`,
  );
}

type SecretConfig = Pick<Config, 'JWT_SECRET' | 'CHAT_ENCRYPTION_KEY'>;

const toSecrets = (config: SecretConfig, stored: StoredSecrets): Secrets => {
  const generatedChatKey = Buffer.from(stored.chatKey!, 'base64url');
  const chatKey = config.CHAT_ENCRYPTION_KEY ?? generatedChatKey;
  return {
    jwtSecret: new TextEncoder().encode(config.JWT_SECRET ?? stored.jwtSecret),
    hashKey: Buffer.from(stored.hashKey, 'base64url'),
    chatKey,
    chatReadKeys: chatKey.equals(generatedChatKey) ? [chatKey] : [chatKey, generatedChatKey],
  };
};

/**
 * Secrets come from the environment when given; otherwise they are generated once and kept in
 * DATA_DIR so sessions survive restarts with zero configuration. Without a data folder (tests)
 * they live in memory.
 */
export function loadSecrets(config: SecretConfig, dataDir?: string): Secrets {
  return toSecrets(config, storedSecrets(dataDir));
}

/**
 * On PostgreSQL every instance must sign, hash and encrypt alike, so the generated secrets live
 * in the database: the first instance to start stores its own (those of its DATA_DIR, so an
 * existing single instance keeps its sessions and its readable chats) and every instance reads
 * the same ones back. Environment values still win.
 */
export async function loadSharedSecrets(
  config: SecretConfig,
  database: Database,
  dataDir?: string,
): Promise<Secrets> {
  const local = storedSecrets(dataDir);
  await database.db.execute(sql`
    insert into app_secrets (name, value)
    values ('jwtSecret', ${local.jwtSecret}), ('hashKey', ${local.hashKey}), ('chatKey', ${local.chatKey!})
    on conflict (name) do nothing`);
  const rows = await database.db.select().from(appSecrets);
  const shared = Object.fromEntries(rows.map((row) => [row.name, row.value]));
  return toSecrets(config, {
    jwtSecret: shared.jwtSecret ?? local.jwtSecret,
    hashKey: shared.hashKey ?? local.hashKey,
    chatKey: shared.chatKey ?? local.chatKey,
  });
}
