import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TRIPS_CHANGED_EVENT } from '@aeropool/contract/rides';
import { useSocketEvent } from '../../../lib/socket';
import { chatKeys } from '../api/chat-keys';
import { useChatTrips } from '../api/get-chat-match';
import { findChatTrip, hasLeftMatch, type ChatTrip } from '../utils/find-chat-trip';

/**
 * The match behind the chat, for its header, kept current by the server's trips:changed events.
 * The last trip found stays shown after a co-rider's cancellation takes it off this rider's
 * lists, and that departure marks the chat as cancelled.
 */
export function useChatTrip(selfId: string, matchId: string) {
  const queryClient = useQueryClient();
  const trips = useChatTrips(selfId, matchId);
  const found = useMemo(
    () => (trips.data ? findChatTrip(trips.data, matchId) : null),
    [trips.data, matchId],
  );
  const [lastFound, setLastFound] = useState<ChatTrip | null>(null);

  useEffect(() => {
    if (found) setLastFound(found);
  }, [found]);

  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: chatKeys.match(selfId, matchId) }),
    [queryClient, selfId, matchId],
  );
  useSocketEvent(TRIPS_CHANGED_EVENT, refresh, refresh);

  const trip = found ?? lastFound;
  const isCancelled =
    trip?.match.status === 'Cancelled' ||
    (!found &&
      !!lastFound &&
      !!trips.data &&
      hasLeftMatch(trips.data, lastFound.ownRequest._id, matchId));
  return { trip, isCancelled, isLoading: trips.isPending };
}
