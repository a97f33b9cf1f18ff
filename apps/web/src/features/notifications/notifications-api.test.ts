import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AppNotification, NotificationList } from '@aeropool/contract/notifications';
import { EventEmitter } from 'node:events';
import {
  applyLiveNotification,
  markLinkReadInCache,
  notificationKeys,
  refetchOnConnect,
} from './notifications-api';

const USER = 'user-1';
const item: AppNotification = {
  _id: 'n-1',
  kind: 'match-request',
  title: 'New match request from Asha',
  body: '92% match.',
  link: '/dashboard',
  readAt: null,
  createdAt: new Date('2026-11-25T10:00:00Z').toISOString(),
};
const empty: NotificationList = { notifications: [], unreadCount: 0 };
const withItem: NotificationList = { notifications: [item], unreadCount: 1 };

/** A client whose list query is watched (as the bell watches it) and answers from `answers`. */
function watchedList(answers: (() => Promise<NotificationList>)[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let calls = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey: notificationKeys.list(USER),
    queryFn: () => answers[Math.min(calls++, answers.length - 1)]!(),
  });
  const unsubscribe = observer.subscribe(() => undefined);
  const list = () => queryClient.getQueryData<NotificationList>(notificationKeys.list(USER));
  return { queryClient, list, unsubscribe, calls: () => calls };
}

const settled = async (queryClient: QueryClient) => {
  while (queryClient.isFetching() > 0) await new Promise((resolve) => setTimeout(resolve, 1));
};

describe('a live notification in the bell’s list', () => {
  it('is added to a loaded list at once, counted unread', async () => {
    const { queryClient, list, unsubscribe } = watchedList([async () => empty]);
    await settled(queryClient);
    applyLiveNotification(queryClient, USER, item);
    expect(list()).toEqual(withItem);
    unsubscribe();
  });

  it('is not lost to a fetch that read the list before it was stored', async () => {
    let answerStale: (list: NotificationList) => void = () => undefined;
    const { queryClient, list, unsubscribe, calls } = watchedList([
      async () => empty,
      // The refetch on connect: in flight when the notification arrives, read before it.
      () => new Promise<NotificationList>((resolve) => (answerStale = resolve)),
      async () => withItem,
    ]);
    await settled(queryClient);
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list(USER) });
    expect(queryClient.isFetching()).toBe(1);

    applyLiveNotification(queryClient, USER, item);
    answerStale(empty);
    await settled(queryClient);
    expect(calls()).toBe(3);
    expect(list()).toEqual(withItem);
    unsubscribe();
  });
});

describe('a chat read while the bell’s list is being fetched', () => {
  it('is not counted unread again by a fetch that read it before', async () => {
    const read: NotificationList = {
      notifications: [{ ...item, link: '/chat/m-1', readAt: item.createdAt }],
      unreadCount: 0,
    };
    let answerStale: (list: NotificationList) => void = () => undefined;
    const unread = { notifications: [{ ...item, link: '/chat/m-1' }], unreadCount: 1 };
    const { queryClient, list, unsubscribe, calls } = watchedList([
      async () => unread,
      () => new Promise<NotificationList>((resolve) => (answerStale = resolve)),
      async () => read,
    ]);
    await settled(queryClient);
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list(USER) });
    markLinkReadInCache(queryClient, USER, '/chat/m-1');
    answerStale(unread);
    await settled(queryClient);
    expect(calls()).toBe(3);
    expect(list()).toEqual(read);
    unsubscribe();
  });
});

describe('the bell’s list on a socket connect', () => {
  /** Just what refetchOnConnect uses of a socket: its state and its 'connect' event. */
  const socketThat = (connected: boolean) => {
    const events = new EventEmitter();
    return {
      events,
      socket: {
        connected,
        on: (event: string, listener: () => void) => events.on(event, listener),
        off: (event: string, listener: () => void) => events.off(event, listener),
      } as unknown as Parameters<typeof refetchOnConnect>[0],
    };
  };

  it('is fetched again on each connect while listened to', () => {
    const { events, socket } = socketThat(false);
    let fetched = 0;
    const stop = refetchOnConnect(socket, () => (fetched += 1));
    expect(fetched).toBe(0);
    events.emit('connect');
    events.emit('connect');
    expect(fetched).toBe(2);
    stop();
    events.emit('connect');
    expect(fetched).toBe(2);
  });

  it('is fetched at once when the socket connected before anything listened', () => {
    const { socket } = socketThat(true);
    let fetched = 0;
    refetchOnConnect(socket, () => (fetched += 1));
    expect(fetched).toBe(1);
  });
});
