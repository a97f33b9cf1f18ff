import type { ChatMessage } from '@aeropool/contract/chat';

/**
 * Own messages not yet stored by the server, oldest first. They are sent one at a time, in
 * order, each with a clientId kept across retries so the server stores it once however often
 * it arrives (decision: the server dedupes on match, author and clientId).
 *
 * queued: waiting to be sent (now, or from `notBefore`, or when the connection is back);
 * sending: emitted, waiting for the acknowledgement;
 * failed: the last attempt failed, another follows from `notBefore`;
 * rejected: the server refused it for good (closed match, invalid); never retried.
 */
export type OutboxStatus = 'queued' | 'sending' | 'failed' | 'rejected';

export type OutboxItem = {
  clientId: string;
  messageText: string;
  /** When the rider pressed Send (this device's clock). */
  createdAt: number;
  status: OutboxStatus;
  attempt: number;
  /** Failed attempts on this connection: the back-off grows with them, not with `attempt`. */
  failures?: number;
  notBefore: number;
  error?: string;
};

const MAX_RETRY_DELAY_MS = 30_000;

/** How long a message (or a join) waits for the server's acknowledgement before it counts as failed. */
export const ACK_TIMEOUT_MS = 10_000;

/** 1 s, 2 s, 4 s … at most 30 s between attempts after a timeout or a server error. */
export const retryDelay = (attempt: number) =>
  Math.min(1000 * 2 ** Math.max(0, attempt - 1), MAX_RETRY_DELAY_MS);

export function enqueue(
  outbox: readonly OutboxItem[],
  item: { clientId: string; messageText: string; now: number },
): OutboxItem[] {
  return [
    ...outbox,
    {
      clientId: item.clientId,
      messageText: item.messageText,
      createdAt: item.now,
      status: 'queued',
      attempt: 0,
      notBefore: 0,
    },
  ];
}

export type NextSend = { item: OutboxItem } | { waitMs: number } | null;

/**
 * What to send next: strictly the oldest unsent message, so the server stores them in the order
 * they were typed. Nothing while one is awaiting its acknowledgement; a wait when the oldest is
 * backing off.
 */
export function nextToSend(outbox: readonly OutboxItem[], now: number): NextSend {
  const head = outbox.find((item) => item.status !== 'rejected');
  if (!head || head.status === 'sending') return null;
  if (head.notBefore > now) return { waitMs: head.notBefore - now };
  return { item: head };
}

const update = (
  outbox: readonly OutboxItem[],
  clientId: string,
  change: (item: OutboxItem) => OutboxItem,
): OutboxItem[] => outbox.map((item) => (item.clientId === clientId ? change(item) : item));

export const markSending = (outbox: readonly OutboxItem[], clientId: string) =>
  update(outbox, clientId, (item) => ({ ...item, status: 'sending', attempt: item.attempt + 1 }));

/**
 * The attempt `attempt` failed (timeout, server error, rate limit). Ignored when that attempt is
 * no longer the current one, e.g. a late timeout after a reconnect already re-queued it.
 */
export function markAttemptFailed(
  outbox: readonly OutboxItem[],
  failure: { clientId: string; attempt: number; notBefore: number; status: 'queued' | 'failed' },
): OutboxItem[] {
  return update(outbox, failure.clientId, (item) =>
    item.status === 'sending' && item.attempt === failure.attempt
      ? {
          ...item,
          status: failure.status,
          notBefore: failure.notBefore,
          failures: (item.failures ?? 0) + (failure.status === 'failed' ? 1 : 0),
        }
      : item,
  );
}

/**
 * The connection dropped: whatever awaited an acknowledgement is sent again once connected, and a
 * failure's back-off (up to 30 s, earned on the old connection) no longer holds the new one up. A
 * rate limit's wait stays: the server counts it per rider, not per connection.
 */
export const requeueInFlight = (outbox: readonly OutboxItem[]) =>
  outbox.map((item) =>
    item.status === 'sending' || item.status === 'failed'
      ? { ...item, status: 'failed' as const, notBefore: 0, failures: 0 }
      : item,
  );

/** Refused for good: one message (clientId) or, without one, every unsent message. */
export const markRejected = (outbox: readonly OutboxItem[], error: string, clientId?: string) =>
  outbox.map((item) =>
    clientId === undefined || item.clientId === clientId
      ? { ...item, status: 'rejected' as const, error }
      : item,
  );

/** Drops the messages the server has stored (acknowledged, echoed or found in history). */
export function removeStored(
  outbox: readonly OutboxItem[],
  stored: readonly ChatMessage[],
  selfId: string,
): OutboxItem[] {
  if (outbox.length === 0) return outbox as OutboxItem[];
  const storedIds = new Set(stored.filter((m) => m.userId._id === selfId).map((m) => m.clientId));
  const kept = outbox.filter((item) => !storedIds.has(item.clientId));
  return kept.length === outbox.length ? (outbox as OutboxItem[]) : kept;
}
