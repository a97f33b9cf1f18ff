import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TRIPS_CHANGED_EVENT } from '@aeropool/contract/ride-rules';
import { ApiError } from '../../../lib/api-client';
import { useSocketEvent } from '../../../lib/socket';
import { chatKeys } from '../api/chat-keys';
import { useChatMatch } from '../api/get-chat-match';
import type { ChatTrip } from '../utils/chat-trip';

/** The match behind the chat, for its header and status, kept current by trips:changed events. */
export function useChatTrip(selfId: string, matchId: string) {
  const queryClient = useQueryClient();
  const match = useChatMatch(selfId, matchId);
  const trip = useMemo<ChatTrip | null>(() => {
    const ownRequest = match.data?.requests.find((request) => request.rider._id === selfId);
    return match.data && ownRequest ? { match: match.data, ownRequest } : null;
  }, [match.data, selfId]);

  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: chatKeys.match(selfId, matchId) }),
    [queryClient, selfId, matchId],
  );
  useSocketEvent(TRIPS_CHANGED_EVENT, refresh, refresh);

  return {
    trip,
    isCancelled: match.data?.status === 'Cancelled',
    isLoading: match.isPending,
    // Refused the match (they left the cab on another device): the query keeps the data it had,
    // which would go on showing a live chat whose room no longer sends them anything.
    isNoLongerMember:
      match.error instanceof ApiError && [403, 404].includes(match.error.statusCode),
  };
}
