import { RIDER_TAB_STORAGE_PREFIX } from '../../../lib/session';
import type { OutboxItem } from './outbox';

/**
 * The outboxes of this tab, by `userId:matchId`, outside any component: a message waiting to be
 * sent survives the rider leaving the chat (decision 005: a message is never lost), and a copy in
 * sessionStorage survives a reload of the tab. Coming back to the chat resumes sending with the
 * same clientIds, so the server still stores each message once.
 */
const outboxes = new Map<string, OutboxItem[]>();

const STORAGE_PREFIX = `${RIDER_TAB_STORAGE_PREFIX}chat-outbox:`;

export const outboxKey = (userId: string, matchId: string) => `${userId}:${matchId}`;

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

// Storage may be missing or full (a private window, a quota): the in-memory copy still holds.
function readStored(key: string): OutboxItem[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_PREFIX + key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isOutboxItem) : [];
  } catch {
    return [];
  }
}

function writeStored(key: string, outbox: readonly OutboxItem[]) {
  try {
    if (outbox.length === 0) sessionStorage.removeItem(STORAGE_PREFIX + key);
    else sessionStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(outbox));
  } catch {
    // Kept in memory only.
  }
}

export function readOutbox(key: string): OutboxItem[] {
  const held = outboxes.get(key);
  if (held) return held;
  const stored = readStored(key);
  if (stored.length > 0) outboxes.set(key, stored);
  return stored;
}

export function saveOutbox(key: string, outbox: readonly OutboxItem[]): void {
  if (outbox.length === 0) outboxes.delete(key);
  else outboxes.set(key, [...outbox]);
  writeStored(key, outbox);
}
