import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../lib/session';
import { EmailPreferences } from './email-preferences';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../lib/notify', () => ({ default: toast }));

const answer = (entity: unknown) =>
  new Response(JSON.stringify({ statusCode: 200, message: 'OK', entities: [entity] }), {
    status: 200,
  });

/** GET answers at once; each PUT waits until the test releases it, and merges like the server. */
function fakePreferencesApi() {
  let stored: Record<string, boolean> = {};
  const puts: Record<string, boolean>[] = [];
  const held: (() => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method !== 'PUT') return answer(stored);
      const changes = JSON.parse(String(init.body)) as Record<string, boolean>;
      puts.push(changes);
      await new Promise<void>((resolve) => held.push(resolve));
      stored = { ...stored, ...changes };
      return answer(stored);
    }),
  );
  return { puts, releaseNext: () => act(() => held.shift()?.()), held };
}

beforeEach(() => saveSession({ userId: 'rider-1', userEmail: 'asha@example.com', token: 't' }));
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

it('sends a switch flipped while another is saving, and shows both as flipped at once', async () => {
  const api = fakePreferencesApi();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <EmailPreferences userId="rider-1" />
    </QueryClientProvider>,
  );
  const requests = await screen.findByLabelText<HTMLInputElement>(
    'Someone sends me a match request',
  );
  const reminders = screen.getByLabelText<HTMLInputElement>(
    'A reminder 2 hours before my shared ride',
  );
  fireEvent.click(requests);
  await waitFor(() => expect(api.held).toHaveLength(1));
  fireEvent.click(reminders);
  expect(requests.checked).toBe(false);
  expect(reminders.checked).toBe(false);

  await api.releaseNext();
  await waitFor(() => expect(api.held).toHaveLength(1));
  await api.releaseNext();
  await waitFor(() => expect(screen.getByRole('group').getAttribute('aria-busy')).toBe('false'));

  expect(api.puts).toEqual([{ 'match-request': false }, { 'trip-reminder': false }]);
  expect(requests.checked).toBe(false);
  expect(reminders.checked).toBe(false);
});
