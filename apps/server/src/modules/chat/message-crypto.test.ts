import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { loadSecrets } from '../../lib/secrets';
import { decryptMessage, encryptMessage } from './message-crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const matchId = '00000000-0000-4000-8000-000000000001';

it('reads a message stored with bidi controls without them', () => {
  const key = randomBytes(32);
  const stored = encryptMessage(key, matchId, 'at gate \u202E4 etag\u202C, blue bag');
  expect(decryptMessage([key], matchId, stored)).toBe('at gate 4 etag, blue bag');
  expect(decryptMessage([key], matchId, encryptMessage(key, matchId, 'कैब ✈️'))).toBe('कैब ✈️');
});

it('reads with the key a message was stored under, of those given; with none, null', () => {
  const [before, now] = [randomBytes(32), randomBytes(32)];
  const stored = encryptMessage(before, matchId, 'blue bag');
  expect(decryptMessage([now, before], matchId, stored)).toBe('blue bag');
  expect(decryptMessage([now], matchId, stored)).toBeNull();
  // Cut short (damaged on disk), it opens under no key either, rather than failing.
  expect(decryptMessage([before], matchId, stored.slice(0, 20))).toBeNull();
  // Moved to another match, it opens under no key.
  expect(decryptMessage([before], matchId.replace(/1$/, '2'), stored)).toBeNull();
});

it('keeps the generated key for reading once CHAT_ENCRYPTION_KEY is set on an install', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-chatkey-'));
  try {
    const first = loadSecrets({}, dataDir);
    expect(first.chatReadKeys).toEqual([first.chatKey]);
    const stored = encryptMessage(first.chatKey, matchId, 'gate 4');

    const configured = randomBytes(32);
    const later = loadSecrets({ CHAT_ENCRYPTION_KEY: configured }, dataDir);
    expect(later.chatKey).toEqual(configured);
    expect(decryptMessage(later.chatReadKeys, matchId, stored)).toBe('gate 4');
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
