import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import type { AppNotification, NotificationList } from '@aeropool/contract/notifications';
import { NotificationBell } from './notification-bell';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const notice: AppNotification = {
  _id: 'n-1',
  kind: 'match-request',
  title: 'New match request from Asha R.',
  body: '90% match.',
  link: '/dashboard',
  createdAt: new Date().toISOString(),
  readAt: null,
};

function renderBell() {
  let list: NotificationList = { notifications: [notice], unreadCount: 1 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST')
        list = { notifications: [{ ...notice, readAt: new Date().toISOString() }], unreadCount: 0 };
      return new Response(JSON.stringify({ statusCode: 200, message: 'OK', entities: [list] }));
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <NotificationBell userId="rider-1" />
        <button type="button">Elsewhere</button>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

it('keeps focus in the panel once Mark all read has gone with the last unread notice', async () => {
  renderBell();
  const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  expect(bell.getAttribute('aria-controls')).toBeNull();
  fireEvent.click(bell);
  expect(document.getElementById(bell.getAttribute('aria-controls')!)).not.toBeNull();
  const markAll = screen.getByRole('button', { name: 'Mark all read' });
  markAll.focus();
  fireEvent.click(markAll);
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull());
  await waitFor(() => expect(document.activeElement?.tagName).toBe('H2'));
  expect(document.activeElement?.textContent).toBe('Notifications');
});

it('closes the panel when focus tabs out of it', async () => {
  renderBell();
  fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
  const markAll = screen.getByRole('button', { name: 'Mark all read' });
  markAll.focus();
  fireEvent.focusOut(markAll, { relatedTarget: screen.getByRole('button', { name: 'Elsewhere' }) });
  expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
});

it('gives focus back to the bell when a notification is chosen', async () => {
  renderBell();
  const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  fireEvent.click(bell);
  const item = screen.getByRole('button', { name: /New match request from Asha R\./ });
  item.focus();
  fireEvent.click(item);
  expect(screen.queryByRole('button', { name: /New match request from Asha R\./ })).toBeNull();
  expect(document.activeElement).toBe(bell);
});

it('announces each notice that arrives: the first into an empty list, and one titled as the last', async () => {
  let list: NotificationList = { notifications: [], unreadCount: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ statusCode: 200, message: 'OK', entities: [list] })),
    ),
  );
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <NotificationBell userId="rider-1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('button', { name: 'Notifications' });
  // Loaded, empty.
  await waitFor(() => expect(client.getQueryCache().getAll()[0]?.state.status).toBe('success'));
  const status = screen.getByRole('status');
  expect(status.textContent).toBe('');

  const arrive = async (id: string) => {
    list = {
      notifications: [
        { ...notice, _id: id, createdAt: new Date().toISOString() },
        ...list.notifications,
      ],
      unreadCount: list.unreadCount + 1,
    };
    await client.invalidateQueries();
    await screen.findByRole('button', { name: `Notifications, ${list.unreadCount} unread` });
  };
  await arrive('n-1');
  expect(status.textContent).toBe('New notification: New match request from Asha R.');
  const first = status.firstElementChild;

  await arrive('n-2');
  expect(status.textContent).toBe('New notification: New match request from Asha R.');
  // Said again: a new node, not the same text left in place.
  expect(status.firstElementChild).not.toBe(first);
});
