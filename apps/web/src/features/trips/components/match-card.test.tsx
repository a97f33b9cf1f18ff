import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import type { Match, RideRequest } from '@aeropool/contract/rides';
import { holdFetch } from '../../../lib/fake-fetch';
import { MatchCard } from './match-card';

vi.mock('../../../components/map/route-map', () => ({ RouteMap: () => null }));

const request = (id: string, firstName: string): RideRequest => ({
  _id: id,
  rider: { _id: `user-${id}`, firstName, lastName: 'R.', email: `${id}@example.com` },
  source: { name: 'Terminal 1', latitude: 13.2, longitude: 77.7, encodedString: '' },
  destination: { name: 'Koramangala', latitude: 12.93, longitude: 77.62, encodedString: '' },
  timeOfTravel: Date.UTC(2026, 0, 1, 10),
  status: 'Matched',
  direction: 'drop',
  seats: 1,
  bags: 1,
});

const mine = request('mine', 'Me');
const match: Match = {
  _id: 'match-1',
  status: 'Active',
  requests: [mine, request('asha', 'Asha')],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('asks before Completed when every co-rider is rated, and sends it only on Yes', async () => {
  const api = holdFetch();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <MatchCard
          request={mine}
          match={match}
          myRatings={[
            {
              _id: 'r1',
              raterUserId: 'user-mine',
              ratedUserId: 'user-asha',
              matchId: 'match-1',
              rating: 5,
            },
          ]}
          userId="user-mine"
          isPastTab
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // The card's trip-link panel asks for its state too; only the status write matters here.
  const statusWrites = () =>
    api.fetchMock.mock.calls.filter(([url]) => url.endsWith('/match/match-1'));
  const select = screen.getByRole('combobox', { name: 'Match status' });
  fireEvent.change(select, { target: { value: 'Completed' } });
  screen.getByRole('dialog', { name: 'Mark this trip Completed?' });
  expect(document.activeElement?.textContent).toBe('Go Back');
  expect(statusWrites()).toHaveLength(0);

  fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(statusWrites()).toHaveLength(0);

  fireEvent.change(select, { target: { value: 'Completed' } });
  fireEvent.click(screen.getByRole('button', { name: 'Yes, Mark Completed' }));
  await waitFor(() => expect(statusWrites()).toHaveLength(1));
  const [, init] = statusWrites()[0]!;
  expect(JSON.parse(String(init?.body))).toMatchObject({ status: 'Completed' });
  // The dialog stays, busy, until the write answers.
  screen.getByRole('button', { name: 'Saving...' });
  await act(async () => api.answer());
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

/** The Past tab's card of `match` with this status, nothing rated. */
const pastCard = (status: Match['status']) => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter>
      <MatchCard
        request={mine}
        match={{ ...match, status }}
        myRatings={[]}
        userId="user-mine"
        isPastTab
      />
    </MemoryRouter>
  </QueryClientProvider>
);

it('offers to rate a co-rider who cancelled after the trip, and nobody else of a cancelled match', () => {
  holdFetch();
  const card = (cancelledAfterTripBy?: string) => (
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <MatchCard
          request={mine}
          match={{ ...match, status: 'Cancelled', cancelledAfterTripBy }}
          myRatings={[]}
          userId="user-mine"
          isPastTab
        />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const { rerender } = render(card('user-asha'));
  expect(screen.getByRole('button', { name: 'Rate Now, Asha R.' })).toBeTruthy();
  // The canceller rates nobody, and a match cancelled before its time is rated by nobody.
  for (const by of ['user-mine', undefined]) {
    rerender(card(by));
    expect(screen.queryByRole('button', { name: /Rate Now/ })).toBeNull();
  }
});

it('keeps focus on the card once the match is Completed and its status select is a badge', () => {
  holdFetch();
  const { rerender } = render(pastCard('Active'));
  screen.getByRole('combobox', { name: 'Match status' }).focus();
  rerender(pastCard('Completed'));
  expect(screen.queryByRole('combobox', { name: 'Match status' })).toBeNull();
  expect(document.activeElement?.tagName).toBe('H3');
});

it('moves no focus when the match changes while focus was elsewhere (a co-rider completed it)', () => {
  holdFetch();
  const { rerender } = render(pastCard('Active'));
  rerender(pastCard('Completed'));
  expect(document.activeElement).toBe(document.body);
});

it('offers no trip link on a match still Active on Past long after its trip (it would be refused)', () => {
  holdFetch();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <MatchCard request={mine} match={match} myRatings={[]} userId="user-mine" isPastTab />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  expect(screen.getByRole('link', { name: 'Chat Now' })).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'Share trip with family' })).toBeNull();
});

it('does not promise to keep a ride open once the rider’s own time has passed, on Upcoming too', () => {
  holdFetch();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <MatchCard
          request={{ ...mine, timeOfTravel: Date.now() - 60_000 }}
          match={match}
          myRatings={[]}
          userId="user-mine"
          isPastTab={false}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByRole('combobox', { name: 'Match status' }), {
    target: { value: 'Cancelled' },
  });
  const dialog = screen.getByRole('dialog', { name: 'Cancel this ride?' });
  expect(dialog.textContent).not.toContain('Your ride request stays open');
  expect(dialog.textContent).toContain('The trip’s time has passed');
});

it('keeps focus on the card after Yes, Cancel Ride, though the list refreshed before the dialog closed', async () => {
  // The status write waits until answered; every other read (the trip-link panel) answers at once.
  let answerWrite: (() => void) | undefined;
  const ok = () =>
    new Response(JSON.stringify({ statusCode: 200, message: 'OK', entities: [] }), { status: 200 });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) =>
      url.endsWith('/match/match-1') && init?.method === 'PUT'
        ? new Promise<Response>((resolve) => (answerWrite = () => resolve(ok())))
        : Promise.resolve(ok()),
    ),
  );
  const client = new QueryClient();
  const upcoming = (status: Match['status']) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MatchCard
          request={{ ...mine, timeOfTravel: Date.now() + 3_600_000 }}
          match={{ ...match, status }}
          myRatings={[]}
          userId="user-mine"
          isPastTab={false}
        />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const { rerender } = render(upcoming('Active'));
  const select = screen.getByRole('combobox', { name: 'Match status' });
  select.focus();
  fireEvent.change(select, { target: { value: 'Cancelled' } });
  fireEvent.click(screen.getByRole('button', { name: 'Yes, Cancel Ride' }));
  // The write's refresh lands first: the select is a badge while the dialog is still open.
  await waitFor(() => expect(answerWrite).toBeDefined());
  rerender(upcoming('Cancelled'));
  await act(async () => answerWrite!());
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  // The card's own heading, not the page's (there is none here: focus would be lost to <body>).
  expect(document.activeElement?.tagName).toBe('H3');
  expect(document.activeElement?.closest('article')).not.toBeNull();
});

it('still offers Stop sharing on a match cancelled or completed while its trip link is on', async () => {
  // The family page goes on showing the trip's end until the link expires, 6 hours after it.
  const soon = { ...mine, timeOfTravel: Date.now() + 60 * 60 * 1000 };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            statusCode: 200,
            message: 'OK',
            entities: [{ isSharing: true, expiresAt: new Date(Date.now() + 8 * 3_600_000) }],
          }),
        ),
    ),
  );
  for (const status of ['Cancelled', 'Completed'] as const) {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <MatchCard
            request={soon}
            match={{ ...match, status, requests: [soon, match.requests[1]!] }}
            myRatings={[]}
            userId="user-mine"
            isPastTab
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const panel = await screen.findByRole('region', { name: 'Share trip with family' });
    expect(within(panel).getByRole('button', { name: 'Stop sharing' })).toBeTruthy();
    // No new link for a trip that is off or over.
    expect(within(panel).queryByRole('button', { name: /trip link|Share trip/ })).toBeNull();
    cleanup();
  }
});
