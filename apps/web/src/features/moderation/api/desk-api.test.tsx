import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useDeskAction, useQueue } from './desk-api';

afterEach(() => vi.unstubAllGlobals());

const QUEUE_URL = '/api/admin/queue';

/** The desk's API: the queue answers 200, every action the status given. */
function fakeDeskApi(actionStatus: number, actionMessage: string) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const statusCode = init?.method === 'POST' ? actionStatus : 200;
    const message = init?.method === 'POST' ? actionMessage : 'OK';
    return new Response(JSON.stringify({ statusCode, message, entities: [] }), {
      status: statusCode,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return () => fetchMock.mock.calls.filter(([url]) => url === QUEUE_URL).length;
}

function deskWithClient() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => ({ queue: useQueue({}), action: useDeskAction() }), { wrapper });
}

it('refetches the queue when another operator already resolved the case (409)', async () => {
  const queueFetches = fakeDeskApi(409, 'This report is already resolved.');
  const { result } = deskWithClient();
  await waitFor(() => expect(result.current.queue.isSuccess).toBe(true));
  expect(queueFetches()).toBe(1);

  await expect(
    result.current.action.mutateAsync({ type: 'resolve', kind: 'report', id: 'report-1' }),
  ).rejects.toThrow('This report is already resolved.');
  await waitFor(() => expect(queueFetches()).toBe(2));
});

it('refetches the queue after an action that succeeded', async () => {
  const queueFetches = fakeDeskApi(200, 'Resolved.');
  const { result } = deskWithClient();
  await waitFor(() => expect(result.current.queue.isSuccess).toBe(true));

  await result.current.action.mutateAsync({ type: 'resolve', kind: 'report', id: 'report-1' });
  await waitFor(() => expect(queueFetches()).toBe(2));
});
