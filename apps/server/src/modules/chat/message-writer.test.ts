import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements } from '../../test/count-statements';
import { matchedPair } from '../../test/ride-factory';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { MessageDraft } from './chat-service';
import { createMessageWriter } from './message-writer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the chat message writer', () => {
  it('writes what arrives together in one statement; a draft that breaks it fails alone', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b);
    const write = createMessageWriter(t.app);
    const draft = (userId: string, over: Partial<MessageDraft> = {}): MessageDraft => ({
      matchId,
      userId,
      clientId: randomUUID(),
      body: 'sealed',
      createdAt: t.clock.now(),
      ...over,
    });

    let together: Awaited<ReturnType<typeof write>>[] = [];
    const statements = await countStatements(t.database, async () => {
      together = await Promise.all([draft(a.id), draft(b.id), draft(a.id)].map(write));
    });
    // Drafts queued in the same turn of the event loop share one statement.
    expect(statements).toHaveLength(1);
    expect(together.map((stored) => stored?.coRiderIds)).toEqual([[b.id], [a.id], [b.id]]);
    expect(together[1]?.author).toEqual({ id: b.id, firstName: b.firstName, lastName: b.lastName });

    // A match id that is no uuid breaks the shared statement: the others are written one by one.
    const broken = [draft(a.id), draft(b.id, { matchId: 'not-a-uuid' }), draft(b.id)].map(write);
    const settled = await Promise.allSettled(broken);
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect([settled[0], settled[2]].every((r) => r?.status === 'fulfilled' && r.value?.id)).toBe(
      true,
    );

    // An outsider's draft is not stored, and says so by its absence.
    expect(await write(draft((await t.signUp()).id))).toBeUndefined();
  });
});
