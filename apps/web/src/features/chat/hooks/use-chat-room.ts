import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type {
  ChatAck,
  ChatError,
  ChatMessage,
  ChatSummary,
  JoinAck,
} from '@aeropool/contract/chat';
import { CHAT_LIMITS } from '@aeropool/contract/chat-limits';
import { cleanMessageText, hasVisibleText } from '@aeropool/contract/plain-text';
import { ApiError } from '../../../lib/api-client';
import { markLinkReadInCache } from '../../notifications/notifications-api';
import { chatListKey } from '../api/get-chats';
import { useSocket } from '../../../lib/socket';
import { chatKeys } from '../api/chat-keys';
import { getMessages } from '../api/get-messages';
import { createClientId } from '../utils/client-id';
import { flattenHistory, hasGap, mergeMessages } from '../utils/merge-messages';
import { ACK_TIMEOUT_MS, nextToSend, requeueInFlight, retryDelay } from '../utils/outbox';
import { holdRoom } from '../utils/left-behind';
import { outboxKey, readOutbox, saveOutbox } from '../utils/outbox-store';
import { createRoomReducer, initialRoomState } from '../utils/room-state';
import { useConnectionState } from './use-connection-state';

const JOIN_RETRY_MS = 3000;

const isAccessError = (error: unknown) =>
  error instanceof ApiError && [400, 403, 404].includes(error.statusCode);

/**
 * The socket side of one chat (spec §7): joins the match's room on every (re)connection and
 * leaves it on unmount, takes the room's messages, and sends own messages through an outbox
 * that survives disconnects and leaving the chat (it is kept by rider and match, see
 * outbox-store). After each join the latest page is fetched again, so whatever was said while
 * this rider was away is merged in by _id. Mount it keyed by rider and match.
 */
export function useChatRoom(matchId: string, selfId: string) {
  const socket = useSocket();
  const connection = useConnectionState(socket);
  const queryClient = useQueryClient();
  const reducer = useMemo(() => createRoomReducer(matchId, selfId), [matchId, selfId]);
  const storeKey = outboxKey(selfId, matchId);
  // What was waiting when the rider left comes back; one that was awaiting its acknowledgement
  // goes again with its clientId (the server keeps one copy).
  const [state, dispatch] = useReducer(reducer, storeKey, (key) => ({
    ...initialRoomState,
    outbox: requeueInFlight(readOutbox(key)),
  }));
  // Bumped when a backed-off message becomes due, to run the sender again.
  const [wakeUps, setWakeUps] = useState(0);

  const live = useRef(state.live);
  useEffect(() => {
    live.current = state.live;
  }, [state.live]);
  /**
   * What was on screen when this tab last left the room (a disconnect, a hidden tab): all of it
   * in order, with nothing missing between. The catch-up looks for its overlap there, not among
   * the rider's own messages acknowledged since: those are newer than anything missed while away
   * and would pass for an overlap, hiding a gap of more than one page.
   */
  const shownWhenLeft = useRef<ChatMessage[] | null>(null);
  /** Counts leaves: a catch-up that ends after another leave keeps that leave's copy. */
  const leaves = useRef(0);
  const noteLeavingRoom = useCallback(() => {
    leaves.current += 1;
    const history = queryClient.getQueryData<InfiniteData<ChatMessage[]>>(
      chatKeys.history(matchId),
    );
    // Before the history has loaded there is nothing on screen to overlap with: the catch-up
    // then loads the history itself.
    if (history)
      shownWhenLeft.current ??= mergeMessages(flattenHistory(history.pages), live.current);
  }, [matchId, queryClient]);

  useEffect(() => {
    saveOutbox(storeKey, state.outbox);
  }, [storeKey, state.outbox]);
  // While open, this room sends its outbox; left, what it leaves unsent is sent from the header.
  useEffect(() => holdRoom(storeKey), [storeKey]);

  /** Merges what was said while away; false when it should be tried again (not an access error). */
  const catchUp = useCallback(async (): Promise<boolean> => {
    const key = chatKeys.history(matchId);
    const leavesAtStart = leaves.current;
    // Caught up since the last leave: the next catch-up compares with what is shown then.
    const caughtUp = () => {
      if (leaves.current === leavesAtStart) shownWhenLeft.current = null;
    };
    let history = queryClient.getQueryData<InfiniteData<ChatMessage[]>>(key);
    if (!history) {
      // Still loading (or it failed while offline): load it, or wait for the request under way.
      // That one may have been answered before this join, without a message stored in between
      // (which the join has marked read), so the latest page is still merged below.
      await queryClient.refetchQueries({ queryKey: key }, { cancelRefetch: false });
      history = queryClient.getQueryData<InfiniteData<ChatMessage[]>>(key);
      // The history's own failure is shown, with its retry, by the message list.
      if (!history) return true;
      // Loaded just now: it holds what was said while away.
      caughtUp();
    }
    // Taken before the request: a message arriving live meanwhile is in the latest page too and
    // would pass for an overlap, hiding a gap of more than one page.
    const shown =
      shownWhenLeft.current ?? mergeMessages(flattenHistory(history.pages), live.current);
    try {
      const latest = await getMessages(matchId);
      if (hasGap(latest, shown, CHAT_LIMITS.historyPageSize)) {
        dispatch({ type: 'gap' });
        await queryClient.resetQueries({ queryKey: key });
      }
      dispatch({ type: 'stored', messages: latest });
      caughtUp();
      return true;
    } catch (error) {
      // A 401 has already signed the rider out.
      if (isAccessError(error)) dispatch({ type: 'denied' });
      return isAccessError(error) || (error instanceof ApiError && error.statusCode === 401);
    }
  }, [matchId, queryClient]);

  useEffect(() => {
    if (!socket) return;
    let isMounted = true;
    let retryTimer: number | undefined;
    /** Counts joins and leaves: a catch-up retry belongs to the join that started it. */
    let stay = 0;

    // What was said during an outage is not lost to a failed read (a deploy can bring the socket
    // back before the HTTP side): the read is tried again while this join lasts.
    const catchUpWhileJoined = async (run: number, attempt = 1) => {
      if ((await catchUp()) || !isMounted || run !== stay) return;
      retryTimer = window.setTimeout(
        () => run === stay && void catchUpWhileJoined(run, attempt + 1),
        retryDelay(attempt),
      );
    };

    const join = async () => {
      window.clearTimeout(retryTimer);
      const run = ++stay;
      let ack: JoinAck | null = null;
      try {
        ack = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('joinRoom', matchId);
      } catch {
        // No answer in time (or disconnected meanwhile): tried again below while connected.
      }
      if (!isMounted) return;
      if (ack?.ok) {
        // Joining reads the chat on the server: its bell item and unread count clear.
        markLinkReadInCache(queryClient, selfId, `/chat/${matchId}`);
        queryClient.setQueryData<ChatSummary[]>(chatListKey(selfId), (chats) =>
          chats?.map((chat) => (chat.matchId === matchId ? { ...chat, unreadCount: 0 } : chat)),
        );
        if (ack.closed) dispatch({ type: 'closed', error: ack.closed });
        void catchUpWhileJoined(run);
        return;
      }
      if (ack && (ack.error.code === 'NOT_MEMBER' || ack.error.code === 'INVALID')) {
        dispatch({ type: 'denied' });
        return;
      }
      retryTimer = window.setTimeout(() => {
        if (socket.connected) void join();
      }, JOIN_RETRY_MS);
    };
    const onConnect = () => {
      if (!document.hidden) void join();
    };
    const onDisconnect = () => {
      window.clearTimeout(retryTimer);
      stay += 1;
      noteLeavingRoom();
      dispatch({ type: 'disconnected' });
    };
    const onMessage = (message: ChatMessage) => dispatch({ type: 'stored', messages: [message] });
    const onError = (error: ChatError) => {
      if (error.matchId !== matchId) return;
      if (error.code === 'NOT_MEMBER') dispatch({ type: 'denied' });
      if (error.code === 'MATCH_CLOSED') dispatch({ type: 'closed', error: error.message });
    };

    // A hidden tab is away: it leaves the room, so co-riders' messages notify the rider (bell,
    // push) instead of landing unseen; coming back joins again and catches up (issue 9).
    const onVisibility = () => {
      if (!socket.connected) return;
      if (document.hidden) {
        window.clearTimeout(retryTimer);
        stay += 1;
        noteLeavingRoom();
        socket.emit('leaveRoom', matchId);
      } else {
        void join();
      }
    };

    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('message', onMessage);
    socket.on('chat:error', onError);
    document.addEventListener('visibilitychange', onVisibility);
    if (socket.connected && !document.hidden) void join();
    return () => {
      isMounted = false;
      window.clearTimeout(retryTimer);
      document.removeEventListener('visibilitychange', onVisibility);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('message', onMessage);
      socket.off('chat:error', onError);
      // Emitting while disconnected would be buffered and sent on reconnect, long after leaving.
      if (socket.connected) socket.emit('leaveRoom', matchId);
    };
  }, [socket, matchId, catchUp, noteLeavingRoom, queryClient, selfId]);

  // Sending needs the connection, not the room (the server checks membership per message): a
  // hidden tab has left the room and still sends what was typed before switching to a map.
  const canSend = !!socket && connection === 'connected' && !state.isClosed && !state.isDenied;

  // Sends the oldest unsent message whenever nothing is awaiting an acknowledgement.
  useEffect(() => {
    if (!socket || !canSend) return;
    const next = nextToSend(state.outbox, Date.now());
    if (!next) return;
    if ('waitMs' in next) {
      const timer = window.setTimeout(() => setWakeUps((n) => n + 1), next.waitMs);
      return () => window.clearTimeout(timer);
    }
    const { clientId, messageText } = next.item;
    const attempt = next.item.attempt + 1;
    // 1 s after a first failure on this connection, doubling from there.
    const backOff = retryDelay((next.item.failures ?? 0) + 1);
    const retryLater = (delayMs: number, status: 'queued' | 'failed') =>
      dispatch({
        type: 'attemptFailed',
        clientId,
        attempt,
        status,
        notBefore: Date.now() + delayMs,
      });

    const deliver = async () => {
      let ack: ChatAck;
      try {
        ack = await socket
          .timeout(ACK_TIMEOUT_MS)
          .emitWithAck('message', { matchId, messageText, clientId });
      } catch {
        // No acknowledgement in time: the same clientId goes again, the server keeps one copy.
        return retryLater(backOff, 'failed');
      }
      if (ack.ok) return dispatch({ type: 'stored', messages: [ack.message] });
      switch (ack.error.code) {
        case 'RATE_LIMITED':
          // Not a failure: the server asks to slow down, so it stays 'Sending…'.
          return retryLater(CHAT_LIMITS.rateLimitWindowMs, 'queued');
        case 'MATCH_CLOSED':
          return dispatch({ type: 'closed', error: ack.error.message });
        case 'NOT_MEMBER':
          return dispatch({ type: 'denied' });
        case 'INVALID':
          return dispatch({ type: 'rejected', clientId, error: ack.error.message });
        default:
          return retryLater(backOff, 'failed');
      }
    };
    dispatch({ type: 'sending', clientId });
    void deliver();
  }, [socket, canSend, state.outbox, matchId, wakeUps]);

  /** Queues a message; false when there is nothing to send or it is too long. */
  const send = useCallback((text: string): boolean => {
    const messageText = cleanMessageText(text);
    if (!hasVisibleText(messageText) || messageText.length > CHAT_LIMITS.maxMessageLength)
      return false;
    dispatch({ type: 'queued', clientId: createClientId(), messageText, now: Date.now() });
    return true;
  }, []);

  /** The chat became read-only here (the match cancelled, or a block): why, as the server says. */
  const markClosed = useCallback((why: string) => dispatch({ type: 'closed', error: why }), []);

  return {
    connection,
    canSend,
    live: state.live,
    outbox: state.outbox,
    isDenied: state.isDenied,
    isClosed: state.isClosed,
    closedMessage: state.closedMessage,
    send,
    markClosed,
  };
}
