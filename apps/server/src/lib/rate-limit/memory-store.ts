import type { LimitHit, LimitStore } from './limit-store';

const SWEEP_EVERY_MS = 60_000;

/** Counters in this process only: right for one instance (the embedded database), and tests. */
export function createMemoryStore(): LimitStore {
  const windows = new Map<string, LimitHit>();
  let lastSweep = 0;
  const sweep = (nowMs: number) => {
    if (nowMs - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = nowMs;
    for (const [key, window] of windows) if (window.resetAtMs <= nowMs) windows.delete(key);
  };
  return {
    kind: 'memory',
    async hit(key, windowMs, nowMs) {
      sweep(nowMs);
      const current = windows.get(key);
      if (!current || current.resetAtMs <= nowMs) {
        const opened = { count: 1, resetAtMs: nowMs + windowMs };
        windows.set(key, opened);
        return { ...opened };
      }
      current.count += 1;
      return { ...current };
    },
    async release(key) {
      const current = windows.get(key);
      if (current && current.count > 0) current.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}
