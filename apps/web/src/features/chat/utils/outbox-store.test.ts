import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enqueue, markSending } from './outbox';

/** A fresh copy of the module, as after a reload of the tab (its in-memory outboxes are gone). */
const loadStore = async () => {
  vi.resetModules();
  return import('./outbox-store');
};

afterEach(() => sessionStorage.clear());

describe('outbox store', () => {
  it('keeps each outbox by rider and match, across a reload of the tab', async () => {
    const before = await loadStore();
    const outbox = markSending(
      enqueue([], { clientId: 'c-1', messageText: 'At pillar 5', now: 1 }),
      'c-1',
    );
    before.saveOutbox(before.outboxKey('rider-a', 'match-1'), outbox);

    const after = await loadStore();
    expect(after.readOutbox(after.outboxKey('rider-a', 'match-1'))).toEqual(outbox);
    expect(after.readOutbox(after.outboxKey('rider-b', 'match-1'))).toEqual([]);
    expect(after.readOutbox(after.outboxKey('rider-a', 'match-2'))).toEqual([]);
  });

  it('forgets an outbox once it is empty', async () => {
    const store = await loadStore();
    const key = store.outboxKey('rider-a', 'match-1');
    store.saveOutbox(key, enqueue([], { clientId: 'c-1', messageText: 'Hi', now: 1 }));
    store.saveOutbox(key, []);
    expect(store.readOutbox(key)).toEqual([]);
    expect(sessionStorage.length).toBe(0);
  });

  it('ignores what it cannot read back', async () => {
    const store = await loadStore();
    const key = store.outboxKey('rider-a', 'match-1');
    sessionStorage.setItem(`aeropool:chat-outbox:${key}`, '{not json');
    expect(store.readOutbox(key)).toEqual([]);
    sessionStorage.setItem(
      `aeropool:chat-outbox:${key}`,
      JSON.stringify([
        { clientId: 'c-1' },
        ...enqueue([], { clientId: 'c-2', messageText: 'Hi', now: 1 }),
      ]),
    );
    expect(store.readOutbox(key).map((item) => item.clientId)).toEqual(['c-2']);
  });

  it('leaves nothing in the tab once the rider signs out', async () => {
    const store = await loadStore();
    const { clearSession } = await import('../../../lib/session');
    store.saveOutbox(
      store.outboxKey('rider-a', 'match-1'),
      enqueue([], { clientId: 'c-1', messageText: 'My flat is 4B', now: 1 }),
    );
    sessionStorage.setItem('unrelated', 'kept');
    clearSession();
    expect(sessionStorage.length).toBe(1);
    // Neither this page (coming back to the chat) nor a reload finds it.
    expect(store.readOutbox(store.outboxKey('rider-a', 'match-1'))).toEqual([]);
    expect((await loadStore()).readOutbox(store.outboxKey('rider-a', 'match-1'))).toEqual([]);
  });

  it('leaves nothing once the rider signs out in another tab', async () => {
    const store = await loadStore();
    const { saveSession, useSession } = await import('../../../lib/session');
    saveSession({ userId: 'rider-a', userEmail: 'asha@example.com', token: 'jwt' });
    // A page of this tab follows the session, as every page does.
    const { unmount } = renderHook(() => useSession());
    const key = store.outboxKey('rider-a', 'match-1');
    store.saveOutbox(key, enqueue([], { clientId: 'c-1', messageText: 'My flat is 4B', now: 1 }));
    localStorage.removeItem('userId');
    window.dispatchEvent(new StorageEvent('storage', { key: 'userId', newValue: null }));
    expect(store.readOutbox(key)).toEqual([]);
    unmount();
    localStorage.clear();
  });
});
