import { CHAT_CLOSED_TEXTS } from '@aeropool/contract/chat';
import { CHAT_TEXTS } from '../chat-texts';
import { formatMessageTime } from '../utils/chat-time';
import type { Delivery, TimelineMessage } from '../utils/timeline';

const DELIVERY_TEXT: Record<Delivery, string> = {
  sent: CHAT_TEXTS.sent,
  sending: CHAT_TEXTS.sending,
  retrying: CHAT_TEXTS.retrying,
  rejected: CHAT_TEXTS.rejected,
};

/** The chat's own note says these; a bubble refused with one does not repeat it. */
const CLOSED_TEXTS = new Set<string>(Object.values(CHAT_CLOSED_TEXTS));

/**
 * One message. The text is a React text node, never HTML: whatever a rider types, markup
 * included, shows as typed.
 */
export function MessageBubble({ message }: { message: TimelineMessage }) {
  const { isOwn, delivery } = message;
  const isProblem = delivery === 'retrying' || delivery === 'rejected';
  // A refusal other than the closed chat (which has its own note) says why.
  const deliveryText =
    delivery === 'rejected' && message.error && !CLOSED_TEXTS.has(message.error)
      ? `${CHAT_TEXTS.rejected}: ${message.error}`
      : DELIVERY_TEXT[delivery];
  return (
    <li
      className={`flex flex-col ${isOwn ? 'items-end pl-10 sm:pl-24' : 'items-start pr-10 sm:pr-24'} ${message.isFirstOfRun ? 'mt-3' : 'mt-1'}`}
    >
      {!isOwn && message.isFirstOfRun ? (
        <p className="mb-1 px-1 text-xs font-semibold text-slate-600">{message.senderName}</p>
      ) : null}
      <div
        className={`max-w-full rounded-2xl px-3.5 py-2 text-[0.9375rem] leading-snug shadow-sm ${
          isOwn
            ? `rounded-br-md bg-brand-700 text-white ${delivery === 'sent' ? '' : 'opacity-80'}`
            : 'rounded-bl-md bg-white text-slate-900 ring-1 ring-slate-200'
        }`}
      >
        <span className="sr-only">{isOwn ? 'You: ' : `${message.senderName}: `}</span>
        <p className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]">{message.text}</p>
      </div>
      <p className="mt-1 flex items-center gap-1.5 px-1 text-xs text-slate-500">
        <time dateTime={new Date(message.sentAt).toISOString()}>
          {formatMessageTime(message.sentAt)}
        </time>
        {isOwn ? (
          <>
            <span aria-hidden="true">·</span>
            <span className={isProblem ? 'font-medium text-red-700' : undefined}>
              {deliveryText}
            </span>
          </>
        ) : null}
      </p>
    </li>
  );
}
