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
    const { list, calls } = await changedDuringFetch({
      before: empty,
      after: withItem,
      change: (queryClient) => applyLiveNotification(queryClient, USER, item),
    });
    expect(calls).toBe(3);
    expect(list).toEqual(withItem);
  });
});

describe('a chat read while the bell’s list is being fetched', () => {
  it('is not counted unread again by a fetch that read it before', async () => {
    const chatItem = { ...item, link: '/chat/m-1' };
    const read = { notifications: [{ ...chatItem, readAt: item.createdAt }], unreadCount: 0 };
    const { list, calls } = await changedDuringFetch({
      before: { notifications: [chatItem], unreadCount: 1 },
      after: read,
      change: (queryClient) => markLinkReadInCache(queryClient, USER, '/chat/m-1'),
    });
    expect(calls).toBe(3);
    expect(list).toEqual(read);
  });
});

/**
 * A change the server already has, followed in the cache while a refetch (the one on connect) is in
 * flight that read the list `before` it; the server answers `after` from then on.
 */
async function changedDuringFetch(options: {
  before: NotificationList;
  after: NotificationList;
  change: (queryClient: QueryClient) => void;
}) {
  let answerStale: (list: NotificationList) => void = () => undefined;
  const { queryClient, list, unsubscribe, calls } = watchedList([
    async () => options.before,
    () => new Promise<NotificationList>((resolve) => (answerStale = resolve)),
    async () => options.after,
  ]);
  await settled(queryClient);
  void queryClient.invalidateQueries({ queryKey: notificationKeys.list(USER) });
  expect(queryClient.isFetching()).toBe(1);
  options.change(queryClient);
  answerStale(options.before);
  await settled(queryClient);
  unsubscribe();
  return { list: list(), calls: calls() };
}

describe('the bell’s list on a socket connect', () => {
  /** Just what refetchOnConnect uses of a socket: its state, its id and its 'connect' event. */
  const fakeSocket = () => {
    const events = new EventEmitter();
    const socket = {
      connected: false,
      id: undefined as string | undefined,
      on: (event: string, listener: () => void) => events.on(event, listener),
      off: (event: string, listener: () => void) => events.off(event, listener),
    };
    const connect = (id: string) => {
      Object.assign(socket, { connected: true, id });
      events.emit('connect');
    };
    return {
      socket: socket as unknown as Parameters<typeof refetchOnConnect>[0],
      connect,
      emit: (event: string) => events.emit(event),
    };
  };

  it('is fetched again on each connect while listened to, and not after', () => {
    const { socket, connect } = fakeSocket();
    let fetched = 0;
    const stop = refetchOnConnect(socket, () => (fetched += 1));
    expect(fetched).toBe(0);
    connect('first');
    connect('second');
    expect(fetched).toBe(2);
    stop();
    connect('third');
    expect(fetched).toBe(2);
  });

  it('is fetched at once on a connection nothing listened on, once per connection', () => {
    const { socket, connect } = fakeSocket();
    let fetched = 0;
    connect('first');
    // The bell's effect runs after the connect: what came meanwhile is fetched.
    const stop = refetchOnConnect(socket, () => (fetched += 1));
    expect(fetched).toBe(1);
    // The next page's bell on the same connection: nothing was missed.
    stop();
    const stopAgain = refetchOnConnect(socket, () => (fetched += 1));
    expect(fetched).toBe(1);
    stopAgain();
    // Reconnected while no bell listened: the next one fetches.
    connect('second');
    refetchOnConnect(socket, () => (fetched += 1));
    expect(fetched).toBe(2);
  });

  it('is fetched by the next bell when a notice or a read came while no bell was mounted', () => {
    const { socket, connect, emit } = fakeSocket();
    let fetched = 0;
    connect('first');
    const stop = refetchOnConnect(socket, () => (fetched += 1));
    expect(fetched).toBe(1);
    // Heard by the mounted bell itself: nothing to fetch on the next page.
    emit('notification');
    stop();
    const onSupport = refetchOnConnect(socket, () => (fetched += 1));
    expect(fetched).toBe(1);
    onSupport();
    // On /support (no bell) a match request comes, or the rider reads their bell elsewhere.
    for (const event of ['notification', 'notifications:read']) {
      emit(event);
      const back = refetchOnConnect(socket, () => (fetched += 1));
      back();
    }
    expect(fetched).toBe(3);
  });
});
