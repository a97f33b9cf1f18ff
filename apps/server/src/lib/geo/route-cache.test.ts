import { describe, expect, it } from 'vitest';
import { createTtlCache } from './route-cache';

describe('createTtlCache', () => {
  it('evicts the least recently used entry beyond its size', () => {
    const cache = createTtlCache<number>({ maxEntries: 2, ttlMs: 1000 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recently used
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('forgets entries after their time to live', () => {
    let now = 0;
    const cache = createTtlCache<string>({ maxEntries: 10, ttlMs: 100, now: () => now });
    cache.set('route', 'x');
    now = 99;
    expect(cache.get('route')).toBe('x');
    now = 100;
    expect(cache.get('route')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('replaces and deletes entries', () => {
    const cache = createTtlCache<string>({ maxEntries: 10, ttlMs: 100 });
    cache.set('k', 'old');
    cache.set('k', 'new');
    expect(cache.get('k')).toBe('new');
    cache.delete('k');
    expect(cache.get('k')).toBeUndefined();
  });
});
