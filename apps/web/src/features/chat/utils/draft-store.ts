import { RIDER_TAB_STORAGE_PREFIX } from '../../../lib/session';

/**
 * What a rider was typing in a chat, by `userId:matchId` (outboxKey), kept in this tab's
 * sessionStorage beside the outbox: going to the map to find the pickup spot, or a phone dropping
 * the tab in the background, no longer empties the box. Sign-out clears it with the rest of the
 * rider's tab storage (session.ts).
 */
const STORAGE_PREFIX = `${RIDER_TAB_STORAGE_PREFIX}chat-draft:`;

export function readDraft(key: string): string {
  try {
    return sessionStorage.getItem(STORAGE_PREFIX + key) ?? '';
  } catch {
    return '';
  }
}

export function saveDraft(key: string, text: string): void {
  try {
    if (text === '') sessionStorage.removeItem(STORAGE_PREFIX + key);
    else sessionStorage.setItem(STORAGE_PREFIX + key, text);
  } catch {
    // No storage, or full: the draft lives only in the box, as before.
  }
}
