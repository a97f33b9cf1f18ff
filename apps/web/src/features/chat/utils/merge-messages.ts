import type { ChatMessage } from '@aeropool/contract/chat';

/**
 * A message's identity on screen: its author and the author's clientId. The optimistic copy,
 * the acknowledgement and the room's echo of one message all share it, so its bubble stays put.
 */
export const messageKey = (authorId: string, clientId: string) => `${authorId}:${clientId}`;

const byTime = (a: ChatMessage, b: ChatMessage) => {
  const diff = Date.parse(a.timestamp) - Date.parse(b.timestamp);
  if (diff !== 0) return diff;
  // Same instant: the server pages by (timestamp, id), so the id decides the same way here.
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
};

/**
 * History pages, catch-up pages, acknowledgements and room events merged into one list, each
 * stored message once (by _id), oldest first.
 */
export function mergeMessages(...lists: ReadonlyArray<readonly ChatMessage[]>): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const list of lists) for (const message of list) byId.set(message._id, message);
  return [...byId.values()].sort(byTime);
}

/** Adds one message (an echo, an ack) unless it is already there; the same array when it is. */
export function addMessage(list: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (list.some((m) => m._id === message._id)) return list as ChatMessage[];
  return mergeMessages(list, [message]);
}

/** useInfiniteQuery keeps the newest page first; each page is oldest first. */
export function flattenHistory(pages: ReadonlyArray<readonly ChatMessage[]>): ChatMessage[] {
  return mergeMessages(...pages);
}

/**
 * After a reconnect the latest page is fetched again. When it is full and shares nothing with
 * what is already shown, more messages than one page may have arrived meanwhile and the history
 * must be reloaded rather than merged, or the list would silently skip them. A chat that showed
 * nothing yet (it was empty) counts too: its history said there was nothing older to load.
 */
export function hasGap(
  latestPage: readonly ChatMessage[],
  shown: readonly ChatMessage[],
  pageSize: number,
): boolean {
  if (latestPage.length < pageSize) return false;
  if (shown.length === 0) return true;
  const shownIds = new Set(shown.map((m) => m._id));
  return !latestPage.some((m) => shownIds.has(m._id));
}
