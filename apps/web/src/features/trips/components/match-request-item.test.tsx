import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { MatchRequest, RideRequest } from '@aeropool/contract/rides';
import { useTrips } from '../api/get-trips';
import { MATCH_TOASTS } from '../trip-toasts';
import { MatchRequestItem } from './match-request-item';
import { PotentialMatchItem } from './potential-match-item';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ default: toast }));

const place = (name: string, latitude: number) => ({
  name,
  latitude,
  longitude: 77.6,
  encodedString: '',
});

const rideRequest = (id: string, firstName: string, lastName: string): RideRequest => ({
  _id: id,
  rider: { _id: `user-${id}`, firstName, lastName, email: `${id}@example.com` },
  source: place('Terminal 1', 13.2),
  destination: place('Koramangala', 12.9),
  timeOfTravel: Date.UTC(2030, 0, 1, 10),
  status: 'Pending',
  direction: 'drop',
  seats: 1,
  bags: 1,
});

const ask = (id: string, firstName: string, lastName: string): MatchRequest => ({
  _id: `ask-${id}`,
  requestId: rideRequest(id, firstName, lastName),
  status: 'Pending',
  matchPercentage: 90,
  distance: 1200,
});

const TRIPS_URL = '/api/match-or-ride-request/upcoming/me';

/** The API behind fetch: the trips list and the answer to a match request (`answer`, or 200). */
function fakeApi(answer = { statusCode: 200, message: 'OK' }) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const { statusCode, message } =
      init?.method === 'PUT' ? answer : { statusCode: 200, message: 'OK' };
    const body = { statusCode, message, entities: [] };
    return new Response(JSON.stringify(body), { status: statusCode });
  });
  vi.stubGlobal('fetch', fetchMock);
  const tripFetches = () => fetchMock.mock.calls.filter(([url]) => url === TRIPS_URL).length;
  return { fetchMock, tripFetches };
}

/** The trips list as My Trips shows it, with the asks to join the rider's cab beside it. */
function TripsWithAsks({ asks }: { asks: MatchRequest[] }) {
  useTrips('me', 'upcoming');
  return (
    <ul>
      {asks.map((item) => (
        <MatchRequestItem
          key={item._id}
          kind="incoming"
          matchRequest={item}
          myRequestId="mine"
          myTime={0}
        />
      ))}
    </ul>
  );
}

const renderWithQueries = (ui: ReactNode) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

it('names the rider on each Accept and Decline, the visible text unchanged', () => {
  fakeApi();
  renderWithQueries(<TripsWithAsks asks={[ask('a', 'Asha', 'R.'), ask('b', 'Bindu', 'H.')]} />);
  for (const name of ['Asha R.', 'Bindu H.']) {
    const accept = screen.getByRole('button', { name: `Accept ${name}` });
    const decline = screen.getByRole('button', { name: `Decline ${name}` });
    // The name only for screen readers; what shows is the spec's word.
    expect(accept.firstChild?.textContent?.trim()).toBe('Accept');
    expect(decline.firstChild?.textContent?.trim()).toBe('Decline');
    expect(accept.querySelector('.sr-only')?.textContent).toBe(name);
  }
});

it('refetches the trips list after declining an ask to join the cab', async () => {
  const { fetchMock, tripFetches } = fakeApi();
  renderWithQueries(<TripsWithAsks asks={[ask('a', 'Asha', 'R.')]} />);
  await waitFor(() => expect(tripFetches()).toBe(1));

  fireEvent.click(screen.getByRole('button', { name: 'Decline Asha R.' }));

  await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MATCH_TOASTS.declined));
  const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
  expect(put?.[0]).toBe('/api/ride-request/respond-match-request');
  expect(JSON.parse(String(put?.[1]?.body))).toEqual({
    requestId: 'mine',
    matchRequestId: 'ask-a',
    isAccepted: false,
  });
  await waitFor(() => expect(tripFetches()).toBe(2));
});

it('offers Report on a request the rider received, and only Block on one they sent', () => {
  fakeApi();
  const request = ask('a', 'Asha', 'R.');
  renderWithQueries(
    <ul>
      <MatchRequestItem kind="incoming" matchRequest={request} myRequestId="mine" myTime={0} />
    </ul>,
  );
  expect(screen.getByRole('button', { name: 'Report Asha R.' })).toBeTruthy();
  cleanup();
  renderWithQueries(
    <ul>
      <MatchRequestItem kind="outgoing" matchRequest={request} myRequestId="mine" myTime={0} />
    </ul>,
  );
  expect(screen.getByRole('button', { name: 'Block Asha R.' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Report Asha R.' })).toBeNull();
});

it('refetches the trips list when the answer is refused because something changed meanwhile', async () => {
  const { tripFetches } = fakeApi({
    statusCode: 409,
    message: 'That ride is no longer available.',
  });
  renderWithQueries(<TripsWithAsks asks={[ask('a', 'Asha', 'R.')]} />);
  await waitFor(() => expect(tripFetches()).toBe(1));

  fireEvent.click(screen.getByRole('button', { name: 'Accept Asha R.' }));

  await waitFor(() =>
    expect(toast.error).toHaveBeenCalledWith('That ride is no longer available.'),
  );
  await waitFor(() => expect(tripFetches()).toBe(2));
});

it('names whose request each Cancel withdraws and whom each Send Request goes to, the visible text unchanged', () => {
  fakeApi();
  renderWithQueries(
    <ul>
      {[ask('a', 'Asha', 'R.'), ask('b', 'Bindu', 'H.')].map((item) => (
        <MatchRequestItem
          key={item._id}
          kind="outgoing"
          matchRequest={item}
          myRequestId="mine"
          myTime={0}
        />
      ))}
      {[rideRequest('c', 'Chitra', 'S.'), rideRequest('d', 'Deepa', 'K.')].map((ride) => (
        <PotentialMatchItem
          key={ride._id}
          match={{
            ...ride,
            matchPercentage: 90,
            distance: 1200,
            fare: { solo: 1000, sharedPerPerson: 600 },
            fit: {
              saving: 400,
              extraMinutes: 3,
              waitMinutes: 0,
              position: 1,
              riders: 2,
              leavesAt: 0,
              reachesAt: 0,
            },
          }}
          myRequestId="mine"
          myTime={0}
        />
      ))}
    </ul>,
  );
  for (const name of ['Asha R.', 'Bindu H.']) {
    const button = screen.getByRole('button', { name: `Cancel request to ${name}` });
    expect(button.textContent).toContain('Cancel');
  }
  for (const name of ['Chitra S.', 'Deepa K.'])
    expect(screen.getByRole('button', { name: `Send Request ${name}` })).toBeTruthy();
});

it('says what the percentage measures, and shows none on a declined request', () => {
  fakeApi();
  renderWithQueries(
    <ul>
      {[ask('a', 'Asha', 'R.'), { ...ask('b', 'Bindu', 'H.'), status: 'Declined' as const }].map(
        (item) => (
          <MatchRequestItem
            key={item._id}
            kind="outgoing"
            matchRequest={item}
            myRequestId="mine"
            myTime={0}
          />
        ),
      )}
    </ul>,
  );
  const [open, declined] = screen.getAllByRole('listitem');
  // The other rider's terminal too: a cab collecting at both takes longer.
  expect(within(open!).getByText('Terminal 1 → Koramangala')).toBeTruthy();
  const chip = within(open!).getByText('90% match');
  // The cab's figure, two riders or three: not "saves you both".
  const meaning =
    'how much sharing one cab saves each rider against riding alone, less for the longest detour of any of them and for waiting';
  expect(chip.getAttribute('title')).toBe(meaning);
  expect(within(open!).getByText(meaning).className).toContain('sr-only');
  expect(within(declined!).queryByText(/% match/)).toBeNull();
});

it('holds every answer to the ride’s requests while one is being answered', async () => {
  let answer: (() => void) | undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const ok = () =>
        new Response(JSON.stringify({ statusCode: 200, message: 'OK', entities: [] }));
      if (init?.method !== 'PUT') return ok();
      return new Promise<Response>((resolve) => (answer = () => resolve(ok())));
    }),
  );
  renderWithQueries(<TripsWithAsks asks={[ask('a', 'Asha', 'R.'), ask('b', 'Bindu', 'H.')]} />);
  fireEvent.click(screen.getByRole('button', { name: 'Accept Asha R.' }));
  await waitFor(() => expect(answer).toBeDefined());
  for (const name of ['Accept Bindu H.', 'Decline Bindu H.'])
    expect(screen.getByRole('button', { name })).toHaveProperty('disabled', true);
  answer!();
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Accept Bindu H.' })).toHaveProperty(
      'disabled',
      false,
    ),
  );
});
