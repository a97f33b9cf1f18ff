import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ChatMessage } from '@aeropool/contract/chat';
import { CHAT_LIMITS } from '@aeropool/contract/chat-limits';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/** One page of a match's history, oldest first, ending just before `before` (a message id). */
export async function getMessages(
  matchId: string,
  before?: string,
  signal?: AbortSignal,
): Promise<ChatMessage[]> {
  const query = new URLSearchParams({ limit: String(CHAT_LIMITS.historyPageSize) });
  if (before) query.set('before', before);
  const result = await api.get<ChatMessage>(
    `/match/messages/${encodeURIComponent(matchId)}?${query.toString()}`,
    { signal },
  );
  return result.entities;
}

/**
 * The latest page first, then older ones as the rider scrolls up. A page shorter than the page
 * size is the beginning of the chat. New messages arrive over the socket, not by refetching,
 * and the history is dropped on leaving so reopening the chat starts from the latest page.
 */
export const chatHistoryQueryOptions = (matchId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.history(matchId),
    queryFn: ({ pageParam, signal }) => getMessages(matchId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) =>
      lastPage.length < CHAT_LIMITS.historyPageSize ? undefined : lastPage[0]?._id,
    staleTime: Infinity,
    gcTime: 0,
  });

export function useChatHistory(matchId: string) {
  return useInfiniteQuery(chatHistoryQueryOptions(matchId));
}
