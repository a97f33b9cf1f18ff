import { useCallback } from 'react';
import toast from '../../../lib/notify';
import { useQueryClient } from '@tanstack/react-query';
import { TRIPS_CHANGED_EVENT, type TripsChangedPayload } from '@aeropool/contract/ride-rules';
import { useSocketEvent } from '../../../lib/socket';
import { tripKeys } from '../api/trip-keys';

/**
 * The server tells this rider's room when a match request arrives, is answered or a match is
 * cancelled; refetching the lists and open details keeps the page current without a reload.
 * After a reconnect the same refresh covers whatever was missed while offline. Mounted on every
 * signed-in page (the header), not only My Trips: a co-rider's cancel heard in the chat would
 * otherwise leave My Trips showing the match as Active when the rider goes back to it.
 */
export function useTripsLiveUpdates(): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: tripKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: tripKeys.allMatches() });
  }, [queryClient]);
  const onChange = useCallback(
    (payload: TripsChangedPayload) => {
      refresh();
      // Someone else changed this rider's trip (a cancellation, a decline): say so at once (issue 9).
      // The id keeps one notice however many tabs or events carry it.
      if (payload?.notice) toast(payload.notice, { id: `notice:${payload.notice}` });
    },
    [refresh],
  );
  useSocketEvent(TRIPS_CHANGED_EVENT, onChange, refresh);
}

/** useTripsLiveUpdates as an element, for the signed-in header. */
export function TripsLiveUpdates(): null {
  useTripsLiveUpdates();
  return null;
}
