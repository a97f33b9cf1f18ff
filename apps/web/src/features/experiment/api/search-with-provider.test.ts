import { afterEach, expect, it, vi } from 'vitest';
import { searchWithProvider } from './search-with-provider';

afterEach(() => vi.unstubAllGlobals());

it('shows a search the network failed as an outcome, not as a search still running', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
  await expect(searchWithProvider('Koramangala', 'offline', 'T1')).resolves.toMatchObject({
    statusCode: 0,
    message: 'No answer: the server could not be reached.',
    places: [],
    isError: true,
  });
});

it('still gives up quietly on a search no longer wanted', async () => {
  const aborted = new AbortController();
  aborted.abort();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new DOMException('Aborted', 'AbortError'))),
  );
  await expect(
    searchWithProvider('Koramangala', 'offline', 'T1', aborted.signal),
  ).rejects.toThrow();
});
