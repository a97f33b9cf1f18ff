import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Match, RideRequest, Trip } from '@aeropool/contract/rides';
import { useRefetchWhenATripStarts } from './use-refetch-when-a-trip-starts';

const NOW = Date.UTC(2030, 0, 1, 10);
const MINUTE = 60_000;

const ride = (id: string, timeOfTravel: number, status: RideRequest['status']): RideRequest => ({
  _id: id,
  rider: { _id: `user-${id}`, firstName: 'Asha', lastName: 'Rao', email: '' },
  source: { name: 'Terminal 1', latitude: 13.2, longitude: 77.7, encodedString: '' },
  destination: { name: 'Koramangala', latitude: 12.9, longitude: 77.6, encodedString: '' },
  timeOfTravel,
  status,
  direction: 'drop',
  seats: 1,
  bags: 1,
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it("refetches when a matched trip's last rider's time comes, not only the rider's own", () => {
  // My kerb time passed two minutes ago; my co-rider's is in ten: the trip is still upcoming.
  const mine = ride('mine', NOW - 2 * MINUTE, 'Matched');
  const theirs = ride('theirs', NOW + 10 * MINUTE, 'Matched');
  const match = { _id: 'match', status: 'Active', requests: [mine, theirs] } as Match;
  const trips: Trip[] = [{ rideRequest: mine, match }];
  const refetch = vi.fn();
  renderHook(() => useRefetchWhenATripStarts(trips, refetch));

  vi.advanceTimersByTime(9 * MINUTE);
  expect(refetch).not.toHaveBeenCalled();
  vi.advanceTimersByTime(2 * MINUTE);
  expect(refetch).toHaveBeenCalledTimes(1);
});

it('refetches when an open request’s own time comes', () => {
  const refetch = vi.fn();
  renderHook(() =>
    useRefetchWhenATripStarts([{ rideRequest: ride('open', NOW + 5 * MINUTE, 'Active') }], refetch),
  );
  vi.advanceTimersByTime(6 * MINUTE);
  expect(refetch).toHaveBeenCalledTimes(1);
});

it('asks again every few seconds while the server still lists a trip whose time has come', () => {
  // The browser's clock runs ahead: by it, the trip started a second ago; the server says not yet
  // and answers the same list (the same data, so nothing re-renders).
  const trips: Trip[] = [{ rideRequest: ride('open', NOW - 1000, 'Active') }];
  const refetch = vi.fn();
  renderHook(() => useRefetchWhenATripStarts(trips, refetch));
  vi.advanceTimersByTime(16_000);
  expect(refetch).toHaveBeenCalledTimes(3);
});

it('leaves a trip long past alone: the clocks are not why it is listed', () => {
  const refetch = vi.fn();
  renderHook(() =>
    useRefetchWhenATripStarts([{ rideRequest: ride('old', NOW - 60 * MINUTE, 'Active') }], refetch),
  );
  vi.advanceTimersByTime(MINUTE);
  expect(refetch).not.toHaveBeenCalled();
});
