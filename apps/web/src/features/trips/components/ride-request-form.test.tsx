import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { TOO_FAR_AHEAD } from '@aeropool/contract/ride-rules';
import type { RideRequest } from '@aeropool/contract/rides';
import { toKolkataInputValue } from '../../../lib/format-time';
import { RideRequestForm } from './ride-request-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ default: toast }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DAY_MS = 86_400_000;

it('offers no time beyond 90 days ahead, and says so of one typed in', () => {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ entities: [] })));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RideRequestForm userId="rider-1" onDone={() => undefined} />
    </QueryClientProvider>,
  );
  const time = screen.getByLabelText(/Date and time/) as HTMLInputElement;
  expect(time.max).toBe(toKolkataInputValue(Date.now() + 90 * DAY_MS));

  fireEvent.change(time, { target: { value: toKolkataInputValue(Date.now() + 100 * DAY_MS) } });
  expect(screen.getByText(TOO_FAR_AHEAD)).toBeTruthy();
  fireEvent.change(time, { target: { value: toKolkataInputValue(Date.now() + 10 * DAY_MS) } });
  expect(screen.queryByText(TOO_FAR_AHEAD)).toBeNull();
});

it('opens on the trip’s direction, and a refused submit moves focus to the field that says why', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ entities: [] }))),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RideRequestForm userId="rider-1" onDone={() => undefined} />
    </QueryClientProvider>,
  );
  expect(document.activeElement).toBe(screen.getByRole('radio', { checked: true }));
  // What the time means, which the matching works from: the kerb or the pickup.
  const time = screen.getByLabelText(/Date and time/);
  const hint = () => document.getElementById(time.getAttribute('aria-describedby')!)!.textContent;
  expect(hint()).toBe('When you will be at the airport kerb, ready to leave (Bengaluru time, IST)');
  fireEvent.click(screen.getByRole('radio', { name: /To the airport/ }));
  expect(hint()).toBe('When the cab should collect you (Bengaluru time, IST)');
  fireEvent.click(screen.getByRole('radio', { name: /From the airport/ }));

  fireEvent.click(screen.getByRole('button', { name: 'Create Request' }));
  expect(toast.error).toHaveBeenLastCalledWith('Please fill in all fields.');
  await waitFor(() =>
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /Destination/ })),
  );
});

const editing = {
  _id: 'req-1',
  rider: { _id: 'rider-1', firstName: 'A', lastName: 'B', email: 'a@b.c' },
  source: { name: 'Terminal 1', latitude: 13.1986, longitude: 77.7066, encodedString: '' },
  destination: { name: 'Indiranagar', latitude: 12.97, longitude: 77.64, encodedString: '' },
  // Seconds past the minute, as a client other than this form may store it.
  timeOfTravel: Math.floor((Date.now() + 2 * DAY_MS) / 60_000) * 60_000 + 30_000,
  status: 'Active',
  direction: 'drop',
  seats: 1,
  bags: 1,
  womenOnly: true,
  updatedAt: 1_790_000_000_000,
} satisfies RideRequest;

/**
 * The form editing `editing`, its saves answered by `answer`; the ride has no match requests, and
 * the profile never loads.
 */
function renderEdit(answer: { status: number; body: object }) {
  const saves: { url: string; body: unknown }[] = [];
  const noRequests = { potentialMatches: [], incomingMatches: [], outgoingMatches: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        saves.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify(answer.body), { status: answer.status });
      }
      if (url.includes('/potential-matches-and-requests/'))
        return new Response(JSON.stringify({ statusCode: 200, entities: [noRequests] }));
      return new Promise<Response>(() => undefined);
    }),
  );
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RideRequestForm request={editing} userId="rider-1" onDone={onDone} />
    </QueryClientProvider>,
  );
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  return { saves, onDone, save };
}

it('says why a time beyond 90 days is not saved, at the field, without asking the server', async () => {
  const { saves, save } = renderEdit({ status: 200, body: {} });
  const time = screen.getByLabelText(/Date and time/) as HTMLInputElement;
  fireEvent.change(time, { target: { value: toKolkataInputValue(Date.now() + 100 * DAY_MS) } });
  save();
  expect(toast.error).toHaveBeenLastCalledWith(TOO_FAR_AHEAD);
  await waitFor(() => expect(document.activeElement).toBe(time));
  expect(saves).toEqual([]);
});

it('says before saving that a change closes the ride’s open match requests', async () => {
  const ask = (id: string, status: 'Pending' | 'Declined') => ({
    _id: id,
    requestId: { ...editing, _id: `ride-${id}` },
    status,
    matchPercentage: 80,
    distance: 900,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.includes('/potential-matches-and-requests/req-1')
        ? new Response(
            JSON.stringify({
              statusCode: 200,
              message: 'OK',
              entities: [
                {
                  potentialMatches: [],
                  incomingMatches: [ask('in', 'Pending'), ask('old', 'Declined')],
                  outgoingMatches: [ask('out', 'Pending')],
                },
              ],
            }),
          )
        : new Promise<Response>(() => undefined),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RideRequestForm request={editing} userId="rider-1" onDone={() => undefined} />
    </QueryClientProvider>,
  );
  const warning = await screen.findByText('Changing this ride closes its 2 open match requests.');
  // Read out with the button that would do it.
  expect(
    screen.getByRole('button', { name: 'Save Changes' }).getAttribute('aria-describedby'),
  ).toBe(warning.id);
});

it('shows a refusal of the time beside the field, focused, until the time changes', async () => {
  const message = 'You already have a ride request within 2 hours of this time.';
  const { onDone, save } = renderEdit({
    status: 409,
    body: { statusCode: 409, message, entities: [], field: 'timeOfTravel' },
  });
  save();
  const time = screen.getByLabelText(/Date and time/) as HTMLInputElement;
  await waitFor(() => expect(time.getAttribute('aria-invalid')).toBe('true'));
  expect(document.getElementById(time.getAttribute('aria-describedby')!)!.textContent).toBe(
    message,
  );
  expect(document.activeElement).toBe(time);
  // A clash with another ride is the rider's to fix here: the form stays.
  expect(onDone).not.toHaveBeenCalled();
  fireEvent.change(time, { target: { value: toKolkataInputValue(Date.now() + 3 * DAY_MS) } });
  expect(time.getAttribute('aria-invalid')).toBeNull();
});

it('shows a refusal of the place beside the place box', async () => {
  const message = 'Please choose a location in Bengaluru.';
  const { save } = renderEdit({
    status: 400,
    body: { statusCode: 400, message, entities: [], field: 'destination' },
  });
  save();
  const place = screen.getByRole('combobox', { name: 'Destination' });
  await waitFor(() => expect(place.getAttribute('aria-invalid')).toBe('true'));
  expect(document.getElementById(place.getAttribute('aria-describedby')!)!.textContent).toBe(
    message,
  );
  expect(document.activeElement).toBe(place);
});

it('closes an edit the server refuses because the request changed meanwhile', async () => {
  const { onDone, save } = renderEdit({
    status: 409,
    body: {
      statusCode: 409,
      message: 'This ride is matched. Cancel the match from the trip card instead.',
      entities: [],
    },
  });
  save();
  await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
});

it('sends an un-ticked Women only before the profile has loaded, the time and version as loaded', async () => {
  const { saves, save } = renderEdit({
    status: 200,
    body: { statusCode: 200, message: 'Ride request updated successfully!', entities: [editing] },
  });
  const box = screen.getByRole('checkbox', { name: /Women only/ });
  fireEvent.click(box);
  expect(screen.getByRole('checkbox', { name: /Women only/ })).toBeTruthy();
  save();
  await waitFor(() => expect(saves).toHaveLength(1));
  // With the version of the ride it was made from: a change made since elsewhere is not undone.
  expect(saves[0]!.body).toMatchObject({ womenOnly: false, editedAt: 1_790_000_000_000 });
  // The time left as it was goes back as stored, not cut to the minute the field shows.
  expect(editing.timeOfTravel % 60_000).not.toBe(0);
  expect(saves[0]!.body).toMatchObject({ timeOfTravel: editing.timeOfTravel });
});
