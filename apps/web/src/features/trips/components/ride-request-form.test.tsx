import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { TOO_FAR_AHEAD } from '@aeropool/contract/ride-rules';
import { toKolkataInputValue } from '../../../lib/format-time';
import { RideRequestForm } from './ride-request-form';

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
