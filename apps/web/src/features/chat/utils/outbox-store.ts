import { RIDER_TAB_STORAGE_PREFIX } from '../../../lib/session';
import type { OutboxItem } from './outbox';

/**
 * The outboxes of this tab, by `userId:matchId`, outside any component: a message waiting to be
 * sent survives the rider leaving the chat (decision 005: a message is never lost) and a reload
 * of the tab. Coming back to the chat resumes sending with the same clientIds, so the server
 * still stores each message once. They live in sessionStorage, which sign-out clears
 * (session.ts); in memory only where that storage is missing or full.
 */
const memoryOnly = new Map<string, OutboxItem[]>();

const STORAGE_PREFIX = `${RIDER_TAB_STORAGE_PREFIX}chat-outbox:`;

export const outboxKey = (userId: string, matchId: string) => `${userId}:${matchId}`;

/** The chats of `userId` with an outbox kept in this tab. */
export function outboxMatchIdsOf(userId: string): string[] {
  const prefix = `${STORAGE_PREFIX}${userId}:`;
  const keys = [...memoryOnly.keys()].map((key) => STORAGE_PREFIX + key);
  try {
    for (let i = 0; i < sessionStorage.length; i += 1) keys.push(sessionStorage.key(i) ?? '');
  } catch {
    // No storage: the memory-only ones.
  }
  return [...new Set(keys.filter((key) => key.startsWith(prefix)))].map((key) =>
    key.slice(prefix.length),
  );
}

const STATUSES: ReadonlySet<unknown> = new Set(['queued', 'sending', 'failed', 'rejected']);

const isOutboxItem = (value: unknown): value is OutboxItem => {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.clientId === 'string' &&
    typeof item.messageText === 'string' &&
    typeof item.createdAt === 'number' &&
    typeof item.attempt === 'number' &&
    typeof item.notBefore === 'number' &&
    STATUSES.has(item.status)
  );
};

export function readOutbox(key: string): OutboxItem[] {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(STORAGE_PREFIX + key);
  } catch {
    return memoryOnly.get(key) ?? [];
  }
  if (raw === null) return memoryOnly.get(key) ?? [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isOutboxItem) : [];
  } catch {
    return [];
  }
}

export function saveOutbox(key: string, outbox: readonly OutboxItem[]): void {
  try {
    if (outbox.length === 0) sessionStorage.removeItem(STORAGE_PREFIX + key);
    else sessionStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(outbox));
    memoryOnly.delete(key);
  } catch {
    try {
      sessionStorage.removeItem(STORAGE_PREFIX + key);
    } catch {
      // No storage at all.
    }
    if (outbox.length === 0) memoryOnly.delete(key);
    else memoryOnly.set(key, [...outbox]);
  }
}
