import { useEffect, useLayoutEffect, useRef } from 'react';
import { CHAT_TEXTS } from '../chat-texts';
import type { TimelineItem, TimelineMessage } from '../utils/timeline';
import { DaySeparator } from './day-separator';
import { MessageBubble } from './message-bubble';

type Props = {
  items: TimelineItem[];
  hasOlder: boolean;
  isLoadingOlder: boolean;
  /** The last older page failed: nothing loads by itself until the rider asks again. */
  hasOlderFailed: boolean;
  onLoadOlder: () => void;
  /** The chat has closed: its own note tells of the messages it stopped. */
  isClosed?: boolean;
};

/** Within this many pixels of the end the rider is reading the newest messages. */
const NEAR_BOTTOM_PX = 120;
/** Older messages load once the rider scrolls this close to the top. */
const NEAR_TOP_PX = 160;

const isMessage = (item: TimelineItem | undefined): item is TimelineMessage =>
  item?.type === 'message';

/**
 * The conversation, oldest at the top. It follows new messages while the rider is near the end
 * (always for their own), loads older pages at the top and keeps what the rider was reading in
 * place when they arrive.
 */
export function MessageList({
  items,
  hasOlder,
  isLoadingOlder,
  hasOlderFailed,
  onLoadOlder,
  isClosed = false,
}: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const isNearBottom = useRef(true);
  const previous = useRef<{
    hasRun?: boolean;
    firstKey?: string;
    lastKey?: string;
    /** The newest co-rider message seen so far: only a later one is read out. */
    heardAt: number;
    /** Own messages refused so far: only a newly refused one is read out. */
    refused: ReadonlySet<string>;
    count: number;
    scrollHeight: number;
  }>({ count: 0, heardAt: 0, refused: new Set(), scrollHeight: 0 });
  const announcer = useRef<HTMLParagraphElement>(null);
  // After a failure, scrolling (or a short page) would retry at once and again on every render.
  const canLoadOlder = hasOlder && !isLoadingOlder && !hasOlderFailed;

  const messages = items.filter(isMessage);
  // A refused message, kept where it was typed, can sit above the oldest stored one; the stored
  // ones say whether an older page went in above.
  const firstKey = (messages.find((m) => m.delivery === 'sent') ?? messages[0])?.key;
  const last = messages.at(-1);
  // A co-rider's newest message: own unsent or refused ones may sit below it.
  const newestHeard = messages.filter((m) => !m.isOwn).at(-1);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = previous.current;
    const toBottom = () => {
      element.scrollTop = element.scrollHeight;
      isNearBottom.current = true;
    };
    const isOlderPage = firstKey !== before.firstKey && last?.key === before.lastKey;
    if (before.lastKey === undefined) toBottom();
    else if (isOlderPage) {
      // Older messages went in above: keep the ones on screen where they were.
      element.scrollTop += element.scrollHeight - before.scrollHeight;
    } else if (last?.key !== before.lastKey && last?.isOwn && last.delivery !== 'sent') {
      // Sent from this tab (still on its way): the rider wants to see it. One of theirs sent from
      // another device arrives stored, and does not pull a rider reading back to the bottom.
      toBottom();
    }
    // Counted too: a co-rider's message goes in above an own one still on its way.
    else if (
      isNearBottom.current &&
      (last?.key !== before.lastKey || messages.length > before.count)
    )
      toBottom();
    // Screen readers hear a co-rider's new message, once: not the history there on opening, nor
    // older pages going in above, which a live region around the whole list read out.
    if (
      before.hasRun &&
      !isOlderPage &&
      newestHeard &&
      newestHeard.sentAt > before.heardAt &&
      announcer.current
    )
      announcer.current.textContent = `${newestHeard.senderName}: ${newestHeard.text}`;
    // A message of one's own refused for good is said too: its "Not sent" is only seen. Not when
    // the chat closed: its note (a status) says so once for every message it stopped.
    const refused = items.filter(isMessage).filter((m) => m.isOwn && m.delivery === 'rejected');
    const newlyRefused = refused.find((m) => !before.refused.has(m.key));
    if (before.hasRun && newlyRefused && !isClosed && announcer.current)
      announcer.current.textContent =
        `${CHAT_TEXTS.rejected}: “${newlyRefused.text}”` +
        (newlyRefused.error ? ` — ${newlyRefused.error}` : '');
    previous.current = {
      hasRun: true,
      firstKey,
      lastKey: last?.key,
      heardAt: Math.max(before.heardAt, newestHeard?.sentAt ?? 0),
      refused: new Set(refused.map((m) => m.key)),
      count: messages.length,
      scrollHeight: element.scrollHeight,
    };
  }, [firstKey, last, newestHeard, messages.length, items, isClosed]);

  // A short first page does not fill the screen, so no scroll would ever ask for more.
  useEffect(() => {
    const element = scroller.current;
    if (element && canLoadOlder && element.scrollHeight <= element.clientHeight + NEAR_TOP_PX) {
      onLoadOlder();
    }
  }, [items, canLoadOlder, onLoadOlder]);

  // The on-screen keyboard or a rotation shrinks the list: stay at the end when reading it.
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (isNearBottom.current) element.scrollTop = element.scrollHeight;
      previous.current.scrollHeight = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    isNearBottom.current =
      element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    if (element.scrollTop < NEAR_TOP_PX && canLoadOlder) onLoadOlder();
  };

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      // Focusable so the keyboard can scroll the history; named for screen readers.
      tabIndex={0}
      role="region"
      aria-label="Chat history"
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain outline-none [overflow-anchor:none] focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500"
    >
      <div className="mx-auto flex min-h-full w-full max-w-3xl flex-col px-3 pb-4 sm:px-6">
        {/* Always the same height, so its text changing does not move the messages. */}
        <p className="flex h-10 shrink-0 items-center justify-center text-xs text-slate-500">
          {isLoadingOlder ? (
            <span role="status">{CHAT_TEXTS.loadingEarlier}</span>
          ) : hasOlderFailed ? (
            <span role="alert" className="flex items-center gap-2">
              {CHAT_TEXTS.loadEarlierFailed}
              <button
                type="button"
                onClick={onLoadOlder}
                className="rounded-md px-2 py-1 font-semibold text-brand-700 underline underline-offset-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                {CHAT_TEXTS.retry}
              </button>
            </span>
          ) : !hasOlder && messages.length > 0 ? (
            CHAT_TEXTS.beginning
          ) : null}
        </p>
        {messages.length === 0 ? (
          <p className="m-auto max-w-xs py-10 text-center text-slate-600">{CHAT_TEXTS.empty}</p>
        ) : null}
        <ul aria-label="Conversation" className="flex flex-col">
          {items.map((item) =>
            item.type === 'day' ? (
              <DaySeparator key={item.key} label={item.label} />
            ) : (
              <MessageBubble key={item.key} message={item} />
            ),
          )}
        </ul>
        <p ref={announcer} aria-live="polite" className="sr-only" />
      </div>
    </div>
  );
}
