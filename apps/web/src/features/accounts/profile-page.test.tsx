import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../lib/session';
import { ProfileContent } from './profile-page';
import { testRider } from './test-rider';

vi.mock('../../lib/notify', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

const rider = testRider();
const stats = { completed: 0, active: 0, cancelled: 0, averageRating: 0 };

/** The profile's reads answer until `failing` is set; then every request gets a 503. */
function fakeApi() {
  const state = { failing: false, calls: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      state.calls += 1;
      if (state.failing)
        return new Response(JSON.stringify({ statusCode: 503, message: 'Busy', entities: [] }), {
          status: 503,
        });
      const entity = url.includes('/user/stats/')
        ? stats
        : url.endsWith('/user/rider-1')
          ? rider
          : {};
      return new Response(JSON.stringify({ statusCode: 200, message: 'OK', entities: [entity] }), {
        status: 200,
      });
    }),
  );
  return state;
}

/** The profile's content, with no retries: a failed read fails at once. */
function renderProfile() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProfileContent userId="rider-1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

beforeEach(() => saveSession({ userId: 'rider-1', userEmail: 'asha@example.com', token: 't' }));
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

it('keeps an edit in progress when a refresh of the loaded profile fails', async () => {
  const api = fakeApi();
  const client = renderProfile();
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Ashwini' } });

  api.failing = true;
  const before = api.calls;
  await client.refetchQueries();
  await waitFor(() => expect(api.calls).toBeGreaterThan(before));

  expect(screen.queryByText(/We couldn.t load your profile/)).toBeNull();
  expect(screen.getByLabelText<HTMLInputElement>('First Name').value).toBe('Ashwini');
});

it('shows the error and Retry when the profile never loaded', async () => {
  fakeApi().failing = true;
  renderProfile();
  expect(await screen.findByText(/We couldn.t load your profile/)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
});
