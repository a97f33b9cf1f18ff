import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TRIPS_CHANGED_EVENT } from '@aeropool/contract/rides';
import { useSocketEvent } from '../../../lib/socket';
import { tripKeys } from '../api/trip-keys';

/**
 * The server tells this rider's room when a match request arrives, is answered or a match is
 * cancelled; refetching the lists and open details keeps the page current without a reload.
 * After a reconnect the same refresh covers whatever was missed while offline.
 */
export function useTripsLiveUpdates(): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: tripKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: tripKeys.allMatches() });
  }, [queryClient]);
  useSocketEvent(TRIPS_CHANGED_EVENT, refresh, refresh);
}
