import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@aeropool/contract/moderation';
import { AuditLog } from './audit-log';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry = (n: number): AuditEntry => ({
  _id: `entry-${n}`,
  operator: 'Omkar Das <omkar@example.in>',
  action: 'Resolved ticket',
  target: `ticket ${n}`,
  detail: `AP-${1000 + n}`,
  createdAt: new Date(Date.UTC(2026, 10, 1) - n * 60_000).toISOString(),
});

it('shows older actions a page at a time, until there are no more', async () => {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const entities = url.endsWith('?before=entry-99')
        ? [100, 101, 102].map(entry)
        : Array.from({ length: 100 }, (_, n) => entry(n));
      return new Response(JSON.stringify({ statusCode: 200, message: 'OK', entities }), {
        status: 200,
      });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuditLog />
    </QueryClientProvider>,
  );
  await screen.findByText('AP-1099');
  expect(screen.queryByText('AP-1100')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Show older actions' }));
  await screen.findByText('AP-1102');
  expect(asked).toEqual(['/api/admin/audit', '/api/admin/audit?before=entry-99']);
  expect(screen.queryByRole('button', { name: 'Show older actions' })).toBeNull();
});
