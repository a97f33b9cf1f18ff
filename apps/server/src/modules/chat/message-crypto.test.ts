import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { decryptMessage, encryptMessage } from './message-crypto';

it('reads a message stored with bidi controls without them', () => {
  const key = randomBytes(32);
  const matchId = '00000000-0000-4000-8000-000000000001';
  const stored = encryptMessage(key, matchId, 'at gate \u202E4 etag\u202C, blue bag');
  expect(decryptMessage(key, matchId, stored)).toBe('at gate 4 etag, blue bag');
  expect(decryptMessage(key, matchId, encryptMessage(key, matchId, 'कैब ✈️'))).toBe('कैब ✈️');
});
