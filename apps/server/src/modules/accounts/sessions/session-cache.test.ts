import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache';

const entry = (userId: string, expiresAtMs = 10_000) => ({ userId, expiresAtMs });

describe('session cache', () => {
  it('serves nothing until the revocation listener is up', () => {
    const cache = createSessionCache();
    cache.set('s1', entry('u1'), cache.epoch());
    expect(cache.get('s1', 0)).toBeUndefined();
    cache.setListening(true);
    cache.set('s1', entry('u1'), cache.epoch());
    expect(cache.get('s1', 0)).toEqual(entry('u1'));
  });

  it('forgets a revoked session, every session of a revoked user, and expired ones', () => {
    const cache = createSessionCache();
    cache.setListening(true);
    for (const [sid, uid] of [
      ['a', 'u1'],
      ['b', 'u1'],
      ['c', 'u2'],
    ] as const)
      cache.set(sid, entry(uid), cache.epoch());
    cache.invalidate({ sessionId: 'c' });
    expect(cache.get('c', 0)).toBeUndefined();
    cache.invalidate({ userId: 'u1' });
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('b', 0)).toBeUndefined();
    cache.set('d', entry('u3', 50), cache.epoch());
    expect(cache.get('d', 49)).toBeDefined();
    expect(cache.get('d', 50)).toBeUndefined();
  });

  it('does not keep an answer read before a revocation that arrived meanwhile', () => {
    const cache = createSessionCache();
    cache.setListening(true);
    const before = cache.epoch();
    cache.invalidate({ userId: 'u1' });
    cache.set('a', entry('u1'), before);
    expect(cache.get('a', 0)).toBeUndefined();
  });

  it('drops everything when the listener goes down, and stays empty until it is back', () => {
    const cache = createSessionCache();
    cache.setListening(true);
    cache.set('a', entry('u1'), cache.epoch());
    cache.setListening(false);
    cache.set('b', entry('u1'), cache.epoch());
    cache.setListening(true);
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('b', 0)).toBeUndefined();
  });

  it('stays within its size, evicting the oldest', () => {
    const cache = createSessionCache(2);
    cache.setListening(true);
    cache.set('a', entry('u1'), cache.epoch());
    cache.set('b', entry('u1'), cache.epoch());
    cache.set('c', entry('u1'), cache.epoch());
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('c', 0)).toBeDefined();
  });

  it('caches nothing a revocation in flight names until its NOTIFY arrives', () => {
    const cache = createSessionCache();
    cache.setListening(true);
    cache.set('a', entry('u1'), cache.epoch());
    // Revoked inside a transaction: a read before its commit still sees the session live.
    cache.invalidatePending({ userId: 'u1' });
    expect(cache.get('a', 0)).toBeUndefined();
    cache.set('a', entry('u1'), cache.epoch());
    expect(cache.get('a', 0)).toBeUndefined();
    cache.set('z', entry('u2'), cache.epoch());
    expect(cache.get('z', 0)).toBeDefined();
    // The NOTIFY (after the commit) ends the wait: later reads are of the revoked row.
    cache.invalidate({ userId: 'u1' });
    cache.set('b', entry('u1'), cache.epoch());
    expect(cache.get('b', 0)).toBeDefined();
  });
});
