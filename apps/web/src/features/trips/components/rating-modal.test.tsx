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

it('sends again only the rating that failed, not the one the server already took', async () => {
  const ravi: Rider = { _id: 'user-r', firstName: 'Ravi', lastName: 'S.', email: 'r@example.com' };
  const sent: string[] = [];
  let failRavi = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const { ratedUserId } = JSON.parse(String(init?.body)) as { ratedUserId: string };
      sent.push(ratedUserId);
      const fails = ratedUserId === ravi._id && failRavi;
      return new Response(
        JSON.stringify({ statusCode: fails ? 500 : 201, message: 'x', entities: [{}] }),
        { status: fails ? 500 : 201 },
      );
    }),
  );
  const onRated = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RatingModal
        isOpen
        matchId="match-1"
        userId="me"
        riders={[asha, ravi]}
        onClose={vi.fn()}
        onRated={onRated}
      />
    </QueryClientProvider>,
  );
  const [ashaFour, raviFive] = [
    screen.getAllByRole('radio', { name: '4 stars' })[0]!,
    screen.getAllByRole('radio', { name: '5 stars' })[1]!,
  ];
  fireEvent.click(ashaFour);
  fireEvent.click(raviFive);
  fireEvent.click(screen.getByRole('button', { name: 'Submit Rating' }));
  await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
  expect(sent.sort()).toEqual(['user-a', 'user-r']);
  // Asha's stars, taken, can no longer be changed here.
  expect(ashaFour.closest('fieldset')).toHaveProperty('disabled', true);

  failRavi = false;
  sent.length = 0;
  fireEvent.click(screen.getByRole('button', { name: 'Submit Rating' }));
  await waitFor(() => expect(onRated).toHaveBeenCalledTimes(1));
  expect(sent).toEqual(['user-r']);
});
