import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { Place } from '@aeropool/contract/places';
import { PlaceCombobox } from './place-combobox';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const place = (name: string): Place => ({
  name,
  latitude: 12.93,
  longitude: 77.62,
  encodedString: '',
});

/** The places API: `answer(q)` says what a search for q gets (held until `release()` if asked). */
function fakePlaces(answer: (q: string) => { status: number; body: object }) {
  let releases: (() => void)[] = [];
  let holding = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
      if (holding) await new Promise<void>((resolve) => releases.push(resolve));
      const { status, body } = answer(q);
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return {
    hold: () => (holding = true),
    release: () => {
      holding = false;
      for (const release of releases) release();
      releases = [];
    },
  };
}

const found = (...names: string[]) => ({
  status: 200,
  body: { statusCode: 200, message: 'OK', entities: names.map(place) },
});

function renderCombobox() {
  const onChange = vi.fn();
  const onKeyDownOutside = vi.fn();
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <div onKeyDown={onKeyDownOutside}>
        <PlaceCombobox label="Destination" terminalId="T1" value={null} onChange={onChange} />
      </div>
    </QueryClientProvider>,
  );
  return {
    input: screen.getByRole('combobox', { name: 'Destination' }),
    onChange,
    onKeyDownOutside,
  };
}

it('never lets Enter pick the last search’s place while the next search runs', async () => {
  const api = fakePlaces((q) => found(q === 'Kora' ? 'Koramangala' : 'Indiranagar'));
  const { input, onChange } = renderCombobox();
  fireEvent.change(input, { target: { value: 'Kora' } });
  await screen.findByRole('option', { name: 'Koramangala' });
  fireEvent.keyDown(input, { key: 'ArrowDown' });

  api.hold();
  fireEvent.change(input, { target: { value: 'Indira' } });
  // Past the debounce: the new search is under way, the last one's list kept as placeholder.
  await screen.findByText('Searching…');
  await new Promise((resolve) => setTimeout(resolve, 400));
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  const enter = fireEvent.keyDown(input, { key: 'Enter' });
  // Nor does Enter submit the form around it meanwhile.
  expect(enter).toBe(false);
  expect(onChange).not.toHaveBeenCalledWith(expect.objectContaining({ name: 'Koramangala' }));
  expect(screen.queryByRole('option', { name: 'Koramangala' })).toBeNull();

  api.release();
  await screen.findByRole('option', { name: 'Indiranagar' });
});

it('lets Enter submit the form when there is nothing to pick, so the form says what is missing', async () => {
  fakePlaces((q) => (q === 'Xyzzy' ? found() : found('Koramangala')));
  const { input } = renderCombobox();
  fireEvent.change(input, { target: { value: 'ab' } });
  expect(fireEvent.keyDown(input, { key: 'Enter' })).toBe(true);

  fireEvent.change(input, { target: { value: 'Xyzzy' } });
  await screen.findByText(/No places found/);
  expect(fireEvent.keyDown(input, { key: 'Enter' })).toBe(true);
});

it('lets Escape through to the dialog when no suggestions are showing', () => {
  fakePlaces(() => found());
  const { input, onKeyDownOutside } = renderCombobox();
  fireEvent.focus(input);
  fireEvent.keyDown(input, { key: 'Escape' });
  expect(onKeyDownOutside).toHaveBeenCalled();
});

it('says why a search was refused, and stops at 100 characters', async () => {
  fakePlaces(() => ({
    status: 429,
    body: {
      statusCode: 429,
      message: 'Too many attempts. Please try again in 40 seconds.',
      entities: [],
    },
  }));
  const { input } = renderCombobox();
  expect(input.getAttribute('maxlength')).toBe('100');
  fireEvent.change(input, { target: { value: 'Whitefield' } });
  await waitFor(() =>
    expect(screen.getByText('Too many attempts. Please try again in 40 seconds.')).toBeTruthy(),
  );
});

it('offers no suggestions for a place already picked when focused, and Enter submits the form', async () => {
  const api = vi.fn(async () => new Response(JSON.stringify(found('Koramangala').body)));
  vi.stubGlobal('fetch', api);
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  render(
    <QueryClientProvider client={new QueryClient()}>
      <form onSubmit={onSubmit}>
        <PlaceCombobox
          label="Destination"
          terminalId="T1"
          value={place('Koramangala')}
          onChange={vi.fn()}
        />
        <button type="submit">Save</button>
      </form>
    </QueryClientProvider>,
  );
  const input = screen.getByRole('combobox', { name: 'Destination' });
  fireEvent.focus(input);
  // Past the debounce: nothing was asked for, nothing is offered.
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(api).not.toHaveBeenCalled();
  expect(input.getAttribute('aria-expanded')).toBe('false');
  // Enter in the field submits the form (jsdom does not do implicit submission itself).
  const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
  input.dispatchEvent(enter);
  expect(enter.defaultPrevented).toBe(false);
});
