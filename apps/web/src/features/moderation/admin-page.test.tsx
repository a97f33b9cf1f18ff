import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import type { DeskCase, DeskRider } from '@aeropool/contract/moderation';
import { RouterNavigation } from '../../app/router-navigation';
import { AdminPage } from './admin-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rider: DeskRider = {
  _id: 'rider-1',
  name: 'Asha Rao',
  email: 'asha@example.in',
  averageRating: 4.5,
  ratingCount: 2,
  reportCount: 0,
  reporterCount: 0,
  suspended: false,
  suspensionReason: null,
  recentMatches: [],
};

const ticket = (i: number): DeskCase => ({
  _id: `ticket-${i}`,
  kind: 'ticket',
  reference: `AP-${1000 + i}`,
  status: 'Open',
  createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
  label: 'General Inquiry',
  subject: `Waiting ${i}`,
  description: 'Still waiting',
  from: rider,
  about: null,
  replies: [],
});

/** The desk's API: the queue answers as given, the audit log with nothing. */
function fakeDesk(queue: { status: number; body: object }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/admin/queue'))
        return new Response(JSON.stringify(queue.body), { status: queue.status });
      return new Response(JSON.stringify({ statusCode: 200, message: 'OK', entities: [] }));
    }),
  );
}

const renderDesk = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/admin']}>
        <RouterNavigation>
          <AdminPage />
        </RouterNavigation>
      </MemoryRouter>
    </QueryClientProvider>,
  );

it('says how many open cases wait beyond the 100 it shows', async () => {
  const cases = Array.from({ length: 100 }, (_, i) => ticket(i));
  fakeDesk({ status: 200, body: { statusCode: 200, message: 'OK', entities: cases, total: 120 } });
  renderDesk();
  expect(
    await screen.findByText('Showing the 100 longest waiting of 120 open cases.'),
  ).toBeTruthy();
  expect(screen.getByText('Waiting 0')).toBeTruthy();
});

it('says nothing of a count when every case is shown', async () => {
  fakeDesk({
    status: 200,
    body: { statusCode: 200, message: 'OK', entities: [ticket(1)], total: 1 },
  });
  renderDesk();
  expect(await screen.findByText('Waiting 1')).toBeTruthy();
  expect(screen.queryByText(/^Showing the/)).toBeNull();
});

it(
  'offers a retry, not the page-not-found, when the desk is busy',
  { timeout: 10_000 },
  async () => {
    fakeDesk({
      status: 503,
      body: { statusCode: 503, message: 'We are busy.', entities: [], retryAfterSeconds: 5 },
    });
    renderDesk();
    // The queue retries a 5xx twice (1 s, then 2 s) before it shows the failure.
    const alert = await screen.findByRole('alert', {}, { timeout: 6000 });
    expect(alert.textContent).toContain('Could not load this page.');
    expect(screen.queryByText('Oops! Page not found.')).toBeNull();
    // Nothing tells a rider who was never an operator that a desk is here: not the page, not
    // the tab's title.
    expect(screen.queryByRole('heading', { name: 'Moderation desk' })).toBeNull();
    expect(document.title).toBe('Page not found · AeroPool');
  },
);

it('names itself in the tab once the server has answered an operator', async () => {
  document.title = 'Previous page';
  fakeDesk({
    status: 200,
    body: { statusCode: 200, message: 'OK', entities: [ticket(2)], total: 1 },
  });
  renderDesk();
  expect(document.title).toBe('Page not found · AeroPool');
  expect(await screen.findByRole('heading', { name: 'Moderation desk' })).toBeTruthy();
  expect(document.title).toBe('Moderation desk · AeroPool');
});

it('is the not-found page, titled so, for anyone else', async () => {
  fakeDesk({ status: 404, body: { statusCode: 404, message: 'No route', entities: [] } });
  renderDesk();
  expect(await screen.findByText('Oops! Page not found.')).toBeTruthy();
  expect(document.title).toBe('Page not found · AeroPool');
});
