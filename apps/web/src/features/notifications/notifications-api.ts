import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type {
  AppNotification,
  EmailPreferences,
  NotificationList,
} from '@aeropool/contract/notifications';
import { api } from '../../lib/api-client';
import { useSocket, useSocketEvent, type AppSocket } from '../../lib/socket';
import { chatListKey } from '../chat/api/get-chats';
import { TRIPS_CHANGED_EVENT, type TripsChangedPayload } from '@aeropool/contract/ride-rules';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string) => ['notifications', 'list', userId] as const,
  emailPreferences: (userId: string) => ['notifications', 'email-preferences', userId] as const,
};

const listOptions = (userId: string) =>
  queryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: async ({ signal }) =>
      (await api.get<NotificationList>('/notifications', { signal })).entities[0]!,
  });

/** Puts a live notification in the cached list (a chat's item moves up and counts once). */
const withLive = (list: NotificationList, item: AppNotification): NotificationList => {
  const earlier = list.notifications.find((n) => n._id === item._id);
  const wasUnread = earlier ? earlier.readAt === null : false;
  return {
    notifications: [item, ...list.notifications.filter((n) => n._id !== item._id)],
    unreadCount: list.unreadCount + (item.readAt === null && !wasUnread ? 1 : 0),
  };
};

/**
 * Follows in the cached list a change the server already has (a notification stored, items read).
 * A list still loading, or being fetched again, may have been read before that change, and its
 * answer would replace the list with one that lacks it: then the list is fetched anew instead
 * (the fetch in flight is cancelled).
 */
export function updateCachedList(
  queryClient: QueryClient,
  userId: string,
  update: (list: NotificationList) => NotificationList,
): void {
  const queryKey = notificationKeys.list(userId);
  if (queryClient.isFetching({ queryKey }) > 0 || !queryClient.getQueryData(queryKey)) {
    void queryClient.invalidateQueries({ queryKey });
    return;
  }
  queryClient.setQueryData<NotificationList>(queryKey, (list) => list && update(list));
}

/** Puts a live notification in the cached list. */
export const applyLiveNotification = (
  queryClient: QueryClient,
  userId: string,
  item: AppNotification,
): void => updateCachedList(queryClient, userId, (list) => withLive(list, item));

/** The trip changes that may close match requests, and so take their notices off the bell. */
const REQUEST_CLOSING_REASONS = new Set<TripsChangedPayload['reason']>([
  'request-changed',
  'match-accepted',
  'match-declined',
  'match-cancelled',
]);

/** The rider's notifications, kept current by the `notification` event on their socket room. */
export function useNotifications(userId: string) {
  const queryClient = useQueryClient();
  const query = useQuery(listOptions(userId));
  const onNotification = useCallback(
    (item: AppNotification) => {
      applyLiveNotification(queryClient, userId, item);
      // A new chat message changes the Chats tab too.
      if (item.kind === 'chat-message')
        void queryClient.invalidateQueries({ queryKey: chatListKey(userId) });
    },
    [queryClient, userId],
  );
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list(userId) }),
    [queryClient, userId],
  );
  useSocketEvent('notification', onNotification);
  useSocketEvent('notifications:read', refresh);
  // A request closed without an answer (withdrawn, closed by a match elsewhere) is read on the
  // server as it closes; what tells of that is the trips' own change.
  const onTripsChanged = useCallback(
    ({ reason }: TripsChangedPayload) => {
      if (REQUEST_CLOSING_REASONS.has(reason)) refresh();
    },
    [refresh],
  );
  useSocketEvent(TRIPS_CHANGED_EVENT, onTripsChanged);
  const socket = useSocket();
  useEffect(() => (socket ? refetchOnConnect(socket, refresh) : undefined), [socket, refresh]);
  return query;
}

/** Per shared socket, the connection (socket.io's id, new at each) a bell list last listened on. */
const listenedConnection = new WeakMap<object, string | undefined>();

/**
 * Per shared socket, the bells mounted now, and whether a notice or a read came while none was
 * (a page without the bell, such as /support, keeps the socket open).
 */
const bellsOn = new WeakMap<object, { mounted: number; missed: boolean }>();

function bellsListeningOn(socket: Pick<AppSocket, 'on'>) {
  let bells = bellsOn.get(socket);
  if (!bells) {
    const state = { mounted: 0, missed: false };
    const heard = () => void (state.mounted === 0 && (state.missed = true));
    socket.on('notification', heard);
    socket.on('notifications:read', heard);
    bellsOn.set(socket, (bells = state));
  }
  return bells;
}

/**
 * What arrived between the first load and the socket joining the rider's room (or while it was
 * disconnected) is fetched on every 'connect', the first one and each reconnect; and at once when
 * the socket is on a connection no list listened on yet (a busy page runs its effects late, after
 * the connect), whose first events may have come before anything listened. A bell mounted again
 * on the same connection (each page has its own header) fetches nothing, unless a notice or a read
 * came while no bell was mounted. Returns the unsubscribe.
 */
export function refetchOnConnect(
  socket: Pick<AppSocket, 'connected' | 'id' | 'on' | 'off'>,
  refresh: () => void,
): () => void {
  const bells = bellsListeningOn(socket);
  const onConnect = () => {
    listenedConnection.set(socket, socket.id);
    bells.missed = false;
    refresh();
  };
  socket.on('connect', onConnect);
  if (socket.connected && (listenedConnection.get(socket) !== socket.id || bells.missed))
    onConnect();
  bells.mounted += 1;
  return () => {
    bells.mounted -= 1;
    socket.off('connect', onConnect);
  };
}

/** The server has read this link's notifications (opening a chat does): the cached bell follows. */
export function markLinkReadInCache(queryClient: QueryClient, userId: string, link: string) {
  updateCachedList(queryClient, userId, (list) => {
    const opened = list.notifications.filter((n) => n.link === link && !n.readAt);
    if (opened.length === 0) return list;
    const readAt = new Date().toISOString();
    return {
      notifications: list.notifications.map((n) => (opened.includes(n) ? { ...n, readAt } : n)),
      unreadCount: Math.max(0, list.unreadCount - opened.length),
    };
  });
}

export async function markRead(which: { all: true } | { ids: string[] }) {
  return (await api.post<NotificationList>('/notifications/read', which)).entities[0]!;
}

export const emailPreferencesOptions = (userId: string) =>
  queryOptions({
    queryKey: notificationKeys.emailPreferences(userId),
    queryFn: async ({ signal }) =>
      (await api.get<EmailPreferences>('/notifications/email-preferences', { signal }))
        .entities[0]!,
  });

export async function saveEmailPreferences(changes: EmailPreferences) {
  return (await api.put<EmailPreferences>('/notifications/email-preferences', changes))
    .entities[0]!;
}
