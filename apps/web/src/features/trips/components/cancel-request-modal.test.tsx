import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { RideRequest } from '@aeropool/contract/rides';
import { answerEveryFetch } from '../../../lib/fake-fetch';
import { RIDE_REQUEST_TOASTS } from '../trip-toasts';
import { CancelRequestModal } from './cancel-request-modal';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ default: toast }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const request: RideRequest = {
  _id: 'ride-1',
  rider: { _id: 'user-1', firstName: 'Asha', lastName: 'R.', email: 'asha@example.com' },
  source: { name: 'Terminal 1', latitude: 13.2, longitude: 77.7, encodedString: '' },
  destination: { name: 'Koramangala', latitude: 12.93, longitude: 77.62, encodedString: '' },
  timeOfTravel: Date.UTC(2026, 0, 1, 10),
  status: 'Active',
  direction: 'drop',
  seats: 1,
  bags: 1,
};

const open = (statusCode: number, message: string) => {
  answerEveryFetch(statusCode, message);
  const queryClient = new QueryClient();
  const refetched = vi.spyOn(queryClient, 'invalidateQueries');
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <CancelRequestModal request={request} onClose={onClose} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Yes, Cancel Request' }));
  return { onClose, refetched };
};

it('closes and refreshes the trips when the request changed meanwhile (409)', async () => {
  const { onClose, refetched } = open(409, 'This ride request is already Expired.');
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(toast.error).toHaveBeenCalledWith(RIDE_REQUEST_TOASTS.cancelFailed);
  expect(refetched).toHaveBeenCalled();
});

it('stays open to try again after a failure that may pass (503)', async () => {
  const { onClose } = open(503, 'We are busy.');
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith(RIDE_REQUEST_TOASTS.cancelFailed));
  expect(onClose).not.toHaveBeenCalled();
});
