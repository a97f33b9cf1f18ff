import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { Rider } from '@aeropool/contract/accounts';
import { RatingModal } from './rating-modal';
import { holdFetch } from '../../../lib/fake-fetch';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ default: toast }));

const asha: Rider = { _id: 'user-a', firstName: 'Asha', lastName: 'R.', email: 'a@example.com' };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

it('cannot be closed with ✕, Escape or the backdrop while the ratings are being sent', async () => {
  const api = holdFetch();
  const onClose = vi.fn();
  const onRated = vi.fn();
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <RatingModal
        isOpen
        matchId="match-1"
        userId="me"
        riders={[asha]}
        onClose={onClose}
        onRated={onRated}
      />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Rate Asha' });

  fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
  fireEvent.click(screen.getByRole('button', { name: 'Submit Rating' }));
  await waitFor(() => expect(api.fetchMock).toHaveBeenCalledTimes(1));
  await screen.findByRole('button', { name: 'Submitting...' });

  const close = screen.getByRole('button', { name: 'Close' });
  expect(close).toHaveProperty('disabled', true);
  fireEvent.click(close);
  fireEvent.keyDown(document, { key: 'Escape' });
  const backdrop = dialog.parentElement!;
  fireEvent.mouseDown(backdrop);
  expect(onClose).not.toHaveBeenCalled();

  await act(async () => api.answer());
  await waitFor(() => expect(onRated).toHaveBeenCalledTimes(1));
  expect(onClose).not.toHaveBeenCalled();

  // Once sent, the dialog closes as before.
  await waitFor(() => expect(close).toHaveProperty('disabled', false));
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(onClose).toHaveBeenCalledTimes(1);
});
