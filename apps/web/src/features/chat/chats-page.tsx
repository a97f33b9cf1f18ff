import { Link } from 'react-router';
import type { ChatSummary } from '@aeropool/contract/chat';
import { AppShell } from '../../components/layout/app-shell';
import { LoadError } from '../../components/ui/load-error';
import { EmptyState } from '../../components/ui/empty-state';
import { CardSkeletons } from '../../components/ui/skeleton';
import { formatTripTime } from '../../lib/format-time';
import { useRequireSession } from '../../lib/use-require-session';
import { DirectionIcon } from '../trips/components/direction-icon';
import { routeText, tripLabel } from '../trips/utils/trip-route';
import { timeAgo } from '../../lib/time-ago';
import { useChatList } from './api/get-chats';
import { firstCharacter } from '@aeropool/contract/plain-text';

/** /chats (issue 9): every open match chat with its last message and unread count. */
export function ChatsPage() {
  const session = useRequireSession();
  return (
    <AppShell>
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8 sm:py-12">
        <h1 className="text-3xl font-bold text-slate-900">Chats</h1>
        {session ? <ChatList userId={session.userId} /> : null}
      </main>
    </AppShell>
  );
}

function ChatList({ userId }: { userId: string }) {
  const query = useChatList(userId);
  if (query.isPending) return <CardSkeletons label="Loading chats…" />;
  if (query.isLoadingError) {
    return (
      <LoadError
        message="Your chats could not be loaded."
        isRetrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyState
        title="No chats yet"
        text="When a rider accepts your match request (or you accept theirs), your chat with them shows here."
        action={
          <Link
            to="/dashboard"
            className="inline-flex min-h-11 items-center rounded-xl bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            Find co-riders in My Trips
          </Link>
        }
      />
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {query.data.map((chat) => (
        <li key={chat.matchId}>
          <ChatRow chat={chat} />
        </li>
      ))}
    </ul>
  );
}

function ChatRow({ chat }: { chat: ChatSummary }) {
  const names = chat.coRiders.join(', ') || 'Your co-riders';
  const last = chat.lastMessage;
  return (
    <Link
      to={`/chat/${chat.matchId}`}
      className="flex items-start gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-300 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <span
        aria-hidden="true"
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
      >
        {firstCharacter(names)}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className="truncate font-semibold text-slate-900">{names}</span>
          {last ? (
            <span className="shrink-0 text-xs text-slate-500">{timeAgo(last.timestamp)}</span>
          ) : null}
        </span>
        <span className="mt-0.5 flex items-center gap-1 text-xs text-slate-600">
          <DirectionIcon direction={chat.trip.direction} />
          {/* The time first: at phone width the line is cut. */}
          <span className="truncate">
            {formatTripTime(chat.trip.timeOfTravel)} · {routeText(chat.trip)} ·{' '}
            {tripLabel(chat.trip)}
          </span>
        </span>
        <span className="mt-1 flex items-center justify-between gap-2">
          <span
            className={`truncate text-sm ${chat.unreadCount > 0 ? 'font-semibold text-slate-900' : 'text-slate-600'}`}
          >
            {last
              ? `${last.fromMe ? 'You' : last.authorName}: ${last.text}`
              : 'No messages yet. Say hello!'}
          </span>
          {chat.unreadCount > 0 ? (
            <span className="inline-flex min-w-6 shrink-0 items-center justify-center rounded-full bg-brand-700 px-2 text-xs font-bold leading-6 text-white">
              {chat.unreadCount}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}
