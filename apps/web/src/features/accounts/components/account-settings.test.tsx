import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { answerEveryFetch } from '../../../lib/fake-fetch';
import { clearSession, getSession, saveSession } from '../../../lib/session';
import { testRider } from '../test-rider';
import { AccountSettings } from './account-settings';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ default: toast }));

const rider = testRider();
const toLogin = vi.fn();

beforeEach(() => {
  saveSession({ userId: rider._id, userEmail: rider.email, token: 'token-ended-elsewhere' });
  setUnauthorizedHandler(toLogin);
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const renderSettings = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <AccountSettings user={rider} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

it('sends a rider whose session had already ended to sign in, not to “try again”', async () => {
  answerEveryFetch(401, 'Your session has ended. Please log in again.');
  renderSettings();
  fireEvent.click(screen.getByRole('button', { name: 'Deactivate Account' }));
  fireEvent.click(screen.getByRole('button', { name: 'Yes, deactivate' }));

  await waitFor(() => expect(toLogin).toHaveBeenCalledTimes(1));
  expect(getSession()).toBeNull();
  expect(toast.error).not.toHaveBeenCalled();
});

it('does the same for Log out of all devices', async () => {
  answerEveryFetch(401, 'Your session has ended. Please log in again.');
  renderSettings();
  fireEvent.click(screen.getByRole('button', { name: /Log out of all devices/ }));

  await waitFor(() => expect(toLogin).toHaveBeenCalledTimes(1));
  expect(getSession()).toBeNull();
  expect(toast.error).not.toHaveBeenCalled();
});

it('still says a deactivation failed when the server refused it otherwise', async () => {
  answerEveryFetch(500, 'Internal Server Error');
  renderSettings();
  fireEvent.click(screen.getByRole('button', { name: 'Deactivate Account' }));
  fireEvent.click(screen.getByRole('button', { name: 'Yes, deactivate' }));

  await waitFor(() =>
    expect(toast.error).toHaveBeenCalledWith('Failed to deactivate account. Please try again.'),
  );
  expect(toLogin).not.toHaveBeenCalled();
  expect(getSession()).not.toBeNull();
});
