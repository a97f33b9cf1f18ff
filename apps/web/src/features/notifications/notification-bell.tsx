import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AppNotification } from '@aeropool/contract/notifications';
import toast from '../../lib/notify';
import { markRead, updateCachedList, useNotifications } from './notifications-api';
import { timeAgo } from '../../lib/time-ago';
import { focusHeading } from '../../lib/use-focus-stays-nearby';

/** The bell in the app header: unread count, and the notification centre as a drop-down panel. */
export function NotificationBell({ userId }: { userId: string }) {
  const query = useNotifications(userId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const unread = query.data?.unreadCount ?? 0;
  const announcement = useNewArrival(query.isSuccess, query.data?.notifications[0]);

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen]);

  const mark = async (which: { all: true } | { ids: string[] }) => {
    try {
      const list = await markRead(which);
      updateCachedList(queryClient, userId, () => list);
    } catch {
      toast.error('Could not update your notifications. Please try again.');
    }
  };
  // Mark all read goes with the last unread notice: focus then stays in the panel, on its heading.
  const isMarkingAll = useRef(false);
  const markAll = async () => {
    isMarkingAll.current = true;
    await mark({ all: true });
    // Only this answer's render may move focus, not a drop to zero later (another device).
    setTimeout(() => (isMarkingAll.current = false), 1000);
  };
  useEffect(() => {
    if (unread > 0 || !isMarkingAll.current) return;
    isMarkingAll.current = false;
    if (!document.activeElement || document.activeElement === document.body)
      focusHeading(headingRef.current);
  }, [unread]);
  const open = (item: AppNotification) => {
    setIsOpen(false);
    // The panel, and the item that had focus, go: focus comes back to the bell, not to the page's
    // start (a notice linking to the page already shown changes nothing else).
    buttonRef.current?.focus();
    if (!item.readAt) void mark({ ids: [item._id] });
    void navigate(item.link);
  };

  return (
    <div
      ref={rootRef}
      className="relative"
      // Tabbing out of the bell and its panel closes the panel (on a phone it covers the page).
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (isOpen && next && !rootRef.current?.contains(next)) setIsOpen(false);
      }}
    >
      <span role="status" className="sr-only">
        <span key={announcement.count}>{announcement.text}</span>
      </span>
      <button
        ref={buttonRef}
        type="button"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => setIsOpen((value) => !value)}
        className="relative inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none">
          <path
            d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16zM10 20a2 2 0 0 0 4 0"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {unread > 0 ? (
          <span
            data-testid="unread-count"
            aria-hidden="true"
            className="absolute right-1 top-1 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-5 text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {isOpen ? (
        <section
          id={panelId}
          aria-label="Notifications"
          className="fixed inset-x-2 top-16 z-50 max-h-[70dvh] overflow-y-auto rounded-2xl bg-white shadow-xl ring-1 ring-slate-200 sm:absolute sm:inset-x-auto sm:right-0 sm:top-12 sm:w-96"
        >
          <div className="sticky top-0 flex items-center justify-between border-b border-slate-100 bg-white px-4 py-3">
            <h2 ref={headingRef} className="font-semibold text-slate-900 focus:outline-none">
              Notifications
            </h2>
            {unread > 0 ? (
              <button
                type="button"
                onClick={() => void markAll()}
                className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                Mark all read
              </button>
            ) : null}
          </div>
          <NotificationItems query={query} onOpen={open} />
        </section>
      ) : null}
    </div>
  );
}

/**
 * Screen readers hear each notification that arrives while the page is open (not the first
 * load): the first one into an empty list too, and a second with the same title (a co-rider's
 * next message), which is a new node in the live region since the same text would not be read.
 */
function useNewArrival(isLoaded: boolean, newest: AppNotification | undefined) {
  // undefined until the list has loaded; null while it is empty.
  const seen = useRef<string | null | undefined>(undefined);
  const [announcement, setAnnouncement] = useState({ text: '', count: 0 });
  useEffect(() => {
    if (!isLoaded) return;
    const key = newest ? `${newest._id}:${newest.createdAt}` : null;
    if (newest && seen.current !== undefined && seen.current !== key && !newest.readAt) {
      const text = `New notification: ${newest.title}`;
      setAnnouncement((last) => ({ text, count: last.count + 1 }));
    }
    seen.current = key;
  }, [isLoaded, newest]);
  return announcement;
}

function NotificationItems({
  query,
  onOpen,
}: {
  query: ReturnType<typeof useNotifications>;
  onOpen: (item: AppNotification) => void;
}) {
  if (query.isPending) {
    return (
      <ul aria-busy="true" aria-label="Loading notifications" className="space-y-3 p-4">
        {[0, 1, 2].map((i) => (
          <li key={i} className="h-12 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </ul>
    );
  }
  if (query.isLoadingError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-2 p-6 text-center text-sm text-slate-600"
      >
        <p>Your notifications could not be loaded.</p>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="rounded-md px-3 py-1.5 font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
        >
          Retry
        </button>
      </div>
    );
  }
  if (query.data.notifications.length === 0) {
    return (
      <p className="p-6 text-center text-sm text-slate-600">
        Nothing yet. Match requests, replies, messages and trip reminders will show here.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {query.data.notifications.map((item) => (
        <li key={item._id}>
          <button
            type="button"
            onClick={() => onOpen(item)}
            className="flex w-full gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
          >
            <span
              aria-hidden="true"
              className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${item.readAt ? 'bg-transparent' : 'bg-brand-600'}`}
            />
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-slate-900">
                {item.readAt ? null : <span className="sr-only">Unread: </span>}
                {item.title}
              </span>
              <span className="mt-0.5 line-clamp-2 block text-sm text-slate-600">{item.body}</span>
              <span className="mt-1 block text-xs text-slate-500">{timeAgo(item.createdAt)}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
