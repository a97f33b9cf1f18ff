import { useQuery } from '@tanstack/react-query';
import type { ChatSummary } from '@aeropool/contract/chat';
import { api } from '../../../lib/api-client';

export const chatListKey = (userId: string) => ['chats', userId] as const;

/** The Chats tab: the rider's open match chats, latest activity first. */
export function useChatList(userId: string) {
  return useQuery({
    queryKey: chatListKey(userId),
    queryFn: async ({ signal }) => (await api.get<ChatSummary>('/chats', { signal })).entities,
    // Unread counts change while the rider is elsewhere (a chat read, a message): always fresh.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
