import { useEffect, useMemo } from 'react';
import { CHAT_CLOSED_TEXTS } from '@aeropool/contract/chat';
import { Button } from '../../../components/ui/button';
import { MessageSkeletons } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { useChatHistory } from '../api/get-messages';
import { CHAT_TEXTS } from '../chat-texts';
import { useChatRoom } from '../hooks/use-chat-room';
import { useChatTrip } from '../hooks/use-chat-trip';
import { useNow } from '../hooks/use-now';
import { coRiderNames } from '../utils/chat-trip';
import { outboxKey } from '../utils/outbox-store';
import { flattenHistory, mergeMessages } from '../utils/merge-messages';
import { buildTimeline } from '../utils/timeline';
import { ChatHeader } from './chat-header';
import { ChatNotice } from './chat-notice';
import { Composer } from './composer';
import { MessageList } from './message-list';

const isStatus = (error: unknown, ...codes: number[]) =>
  error instanceof ApiError && codes.includes(error.statusCode);

/** The chat of one match for the signed-in rider: header, conversation and message box. */
export function ChatRoom({ matchId, selfId }: { matchId: string; selfId: string }) {
  const history = useChatHistory(matchId);
  const room = useChatRoom(matchId, selfId);
  const {
    trip,
    isCancelled,
    isNoLongerMember,
    isLoading: isTripLoading,
  } = useChatTrip(selfId, matchId);
  const now = useNow();
  const { markClosed } = room;

  useEffect(() => {
    if (isCancelled) markClosed(CHAT_CLOSED_TEXTS.cancelled);
  }, [isCancelled, markClosed]);

  const stored = useMemo(
    () => mergeMessages(flattenHistory(history.data?.pages ?? []), room.live),
    [history.data, room.live],
  );
  const timeline = useMemo(
    () => buildTimeline(stored, room.outbox, { selfId, now, canSend: room.canSend }),
    [stored, room.outbox, selfId, now, room.canSend],
  );
  const coRiders = useMemo(() => {
    if (trip) return coRiderNames(trip.match, selfId);
    // Without the trip (e.g. the lists failed), the other senders are the co-riders.
    const names = stored
      .filter((m) => m.userId._id !== selfId)
      .map((m) => `${m.userId.firstName} ${m.userId.lastName}`.trim());
    return [...new Set(names)];
  }, [trip, stored, selfId]);

  const coRiderProfiles = useMemo(
    () => trip?.match.requests.map((r) => r.rider).filter((rider) => rider._id !== selfId) ?? [],
    [trip, selfId],
  );

  if (room.isDenied || isNoLongerMember || isStatus(history.error, 400, 403, 404)) {
    return (
      <ChatNotice
        message={CHAT_TEXTS.notMember}
        link={{ to: '/dashboard', label: CHAT_TEXTS.backToTrips }}
      />
    );
  }
  if (isStatus(history.error, 401)) {
    return <ChatNotice message={CHAT_TEXTS.signedOut} link={{ to: '/login', label: 'Log In' }} />;
  }

  const isClosed = room.isClosed || isCancelled;
  let body;
  if (history.isPending) {
    body =
      history.fetchStatus === 'paused' ? (
        <p role="status" className="m-auto max-w-xs p-6 text-center text-slate-600">
          {CHAT_TEXTS.waitingForNetwork}
        </p>
      ) : (
        <div className="mx-auto mt-auto w-full max-w-3xl">
          <MessageSkeletons label={CHAT_TEXTS.loading} />
        </div>
      );
  } else if (history.isError && !history.data) {
    body = (
      <div role="alert" className="m-auto flex flex-col items-center gap-3 p-6 text-center">
        <p className="text-slate-700">{CHAT_TEXTS.loadFailed}</p>
        <Button variant="secondary" onClick={() => void history.refetch()}>
          {CHAT_TEXTS.retry}
        </Button>
      </div>
    );
  } else {
    // An older page that failed leaves the query in error with its pages: the conversation
    // stays, and the line above it offers to try that page again.
    body = (
      <MessageList
        items={timeline}
        hasOlder={history.hasNextPage}
        isLoadingOlder={history.isFetchingNextPage}
        hasOlderFailed={history.isFetchNextPageError}
        onLoadOlder={() => void history.fetchNextPage({ cancelRefetch: false })}
        isClosed={isClosed}
      />
    );
  }

  return (
    <main className="flex min-h-0 flex-1 flex-col bg-slate-50 pb-[calc(4rem+env(safe-area-inset-bottom))] md:pb-0">
      <ChatHeader
        coRiders={coRiders}
        coRiderProfiles={coRiderProfiles}
        isLoading={isTripLoading}
        ownRequest={trip?.ownRequest ?? null}
        connection={room.connection}
        now={now}
        onBlocked={() => markClosed(CHAT_CLOSED_TEXTS.blocked)}
      />
      {body}
      <Composer
        onSend={room.send}
        draftKey={outboxKey(selfId, matchId)}
        closedNote={isClosed ? (room.closedMessage ?? CHAT_CLOSED_TEXTS.cancelled) : undefined}
      />
    </main>
  );
}
