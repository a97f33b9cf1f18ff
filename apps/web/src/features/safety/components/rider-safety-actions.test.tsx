import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { Rider } from '@aeropool/contract/accounts';
import { api } from '../../../lib/api-client';
import { tripKeys } from '../../trips/api/trip-keys';
import { RiderSafetyActions } from './rider-safety-actions';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ default: toast }));

const asha: Rider = {
  _id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  firstName: 'Asha',
  lastName: 'R.',
  email: 'a@example.com',
};

/** The API behind fetch: a list of riders, and blocks and reports that take one off it. */
function fakeApi() {
  let riders = [asha];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') riders = [];
      const entities = url === '/api/riders' ? riders : [];
      return new Response(JSON.stringify({ statusCode: 200, message: 'Done.', entities }), {
        status: 200,
      });
    }),
  );
}

/** A page whose cards show riders, as My Trips does: a block or report removes the card. */
function RidersPage() {
  const { data = [] } = useQuery({
    queryKey: tripKeys.lists(),
    queryFn: async () => (await api.get<Rider>('/riders')).entities,
  });
  return (
    <main>
      <h1 tabIndex={-1}>My Trips</h1>
      <ul>
        {data.map((rider) => (
          <li key={rider._id}>
            <RiderSafetyActions rider={rider} canReport />
          </li>
        ))}
      </ul>
    </main>
  );
}

const renderPage = () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RidersPage />
    </QueryClientProvider>,
  );
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

it("moves focus to the page's heading when blocking removes the card", async () => {
  fakeApi();
  renderPage();
  const open = await screen.findByRole('button', { name: 'Block Asha R.' });
  open.focus();
  fireEvent.click(open);
  const dialog = screen.getByRole('dialog', { name: 'Block Asha R.?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));

  await waitFor(() => expect(screen.queryByRole('button', { name: 'Block Asha R.' })).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading')));
});

it("moves focus to the page's heading when reporting removes the card", async () => {
  fakeApi();
  renderPage();
  const open = await screen.findByRole('button', { name: 'Report Asha R.' });
  open.focus();
  fireEvent.click(open);
  const dialog = screen.getByRole('dialog', { name: 'Report Asha R.' });
  fireEvent.change(within(dialog).getByLabelText('What happened?'), {
    target: { value: 'Shouted at me at the pickup point.' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

  await waitFor(() => expect(screen.queryByRole('button', { name: 'Report Asha R.' })).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading')));
});

it('leaves focus on Block when the dialog is only cancelled', async () => {
  fakeApi();
  renderPage();
  const open = await screen.findByRole('button', { name: 'Block Asha R.' });
  open.focus();
  fireEvent.click(open);
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

  await waitFor(() => expect(document.activeElement).toBe(open));
});

it('says a block went through to whoever shows the rider (a chat closes at once), not a cancel', async () => {
  fakeApi();
  const onBlocked = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RiderSafetyActions rider={asha} canReport onBlocked={onBlocked} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Block Asha R.' }));
  const dialog = screen.getByRole('dialog', { name: 'Block Asha R.?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(onBlocked).not.toHaveBeenCalled();

  fireEvent.click(screen.getByRole('button', { name: 'Block Asha R.' }));
  fireEvent.click(
    within(screen.getByRole('dialog', { name: 'Block Asha R.?' })).getByRole('button', {
      name: 'Block',
    }),
  );
  await waitFor(() => expect(onBlocked).toHaveBeenCalledTimes(1));
});
