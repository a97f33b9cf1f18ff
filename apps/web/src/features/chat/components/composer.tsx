import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { CHAT_LIMITS } from '@aeropool/contract/chat-limits';
import { readDraft, saveDraft } from '../utils/draft-store';
import { cleanMessageText, hasVisibleText } from '@aeropool/contract/plain-text';
import { Button } from '../../../components/ui/button';
import { CHAT_TEXTS } from '../chat-texts';

/** The counter appears once a message gets this close to the limit. */
const COUNTER_FROM = CHAT_LIMITS.maxMessageLength - 200;

/**
 * Browsers without CSS `field-sizing` (Firefox, Safari before 26.2: most iPhones today) keep a
 * textarea one line high; there the box is grown to its text by hand.
 */
const growsByItself = () => typeof CSS !== 'undefined' && CSS.supports?.('field-sizing', 'content');

/**
 * The message box: Enter sends, Shift+Enter starts a new line. Sending works offline too; the
 * room queues the message until the connection is back.
 */
export function Composer({
  onSend,
  closedNote,
  draftKey,
}: {
  onSend: (text: string) => boolean;
  /** Where the text being typed is kept for this tab (readDraft), so leaving does not lose it. */
  draftKey?: string;
  /**
   * The chat has closed: said above the box, which stays, read-only, so what was being typed and
   * the focus in it are not lost with it.
   */
  closedNote?: string;
}) {
  const [text, setText] = useState(() => (draftKey ? readDraft(draftKey) : ''));
  useEffect(() => {
    if (draftKey) saveDraft(draftKey, text);
  }, [draftKey, text]);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const counterId = useId();
  // Measured as it will be sent (the server's limit counts the cleaned text).
  const cleaned = cleanMessageText(text);
  const length = cleaned.length;
  const isEmpty = !hasVisibleText(cleaned);
  // A long paste is kept whole, to shorten, not cut at the limit without a word.
  const isTooLong = length > CHAT_LIMITS.maxMessageLength;
  const showCounter = length >= COUNTER_FROM;

  const noteId = useId();
  useLayoutEffect(() => {
    const box = inputRef.current;
    if (!box || growsByItself()) return;
    box.style.height = 'auto';
    // Its borders on top of its content; max-h-40 caps it, and it scrolls from there.
    box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
  }, [text]);
  const submit = () => {
    if (isEmpty || isTooLong || closedNote) return;
    if (onSend(text)) setText('');
    inputRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // isComposing: Enter that confirms an IME candidate (Hindi, Kannada …) is not a send. Safari
    // ends the composition before that keydown, which it marks with keyCode 229 instead.
    const isConfirmingCandidate =
      event.nativeEvent.isComposing || event.nativeEvent.keyCode === 229;
    if (event.key !== 'Enter' || event.shiftKey || isConfirmingCandidate) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      onSubmit={onSubmit}
      // Below md the tab bar is under the chat, and ChatRoom already leaves room for it and the
      // safe area beneath it; from md on, nothing is, so the composer keeps clear of the inset.
      className="shrink-0 border-t border-slate-200 bg-white py-3 md:pb-[max(0.75rem,env(safe-area-inset-bottom))]"
    >
      {closedNote ? (
        <p
          id={noteId}
          role="status"
          className="mx-auto mb-3 w-full max-w-3xl rounded-lg bg-amber-50 px-4 py-3 text-center text-sm font-medium text-amber-900"
        >
          {closedNote}
        </p>
      ) : null}
      <div className="mx-auto flex w-full max-w-3xl items-end gap-2 px-3 sm:px-6">
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="sr-only">
            {CHAT_TEXTS.messageLabel}
          </label>
          <textarea
            id={inputId}
            ref={inputRef}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            rows={1}
            placeholder={CHAT_TEXTS.messagePlaceholder}
            enterKeyHint="send"
            readOnly={!!closedNote}
            aria-invalid={isTooLong || undefined}
            aria-describedby={
              [closedNote ? noteId : '', showCounter ? counterId : ''].filter(Boolean).join(' ') ||
              undefined
            }
            className="block max-h-40 min-h-11 w-full resize-none rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base leading-snug text-slate-900 shadow-sm outline-none transition [field-sizing:content] placeholder:text-slate-400 read-only:bg-slate-100 focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
          />
        </div>
        <Button
          type="submit"
          disabled={isEmpty || isTooLong || !!closedNote}
          className="shrink-0 rounded-xl px-5"
        >
          {CHAT_TEXTS.send}
        </Button>
      </div>
      {/* Said once when a paste goes over the limit; the counter is not read as it counts. */}
      <span aria-live="polite" className="sr-only">
        {isTooLong ? CHAT_TEXTS.tooLong : ''}
      </span>
      {showCounter ? (
        <p
          id={counterId}
          className={`mx-auto mt-1 w-full max-w-3xl px-3 text-xs sm:px-6 ${length >= CHAT_LIMITS.maxMessageLength ? 'font-semibold text-red-700' : 'text-slate-500'}`}
        >
          {length} / {CHAT_LIMITS.maxMessageLength}
          {isTooLong ? ` · ${CHAT_TEXTS.tooLong}` : ''}
        </p>
      ) : null}
    </form>
  );
}
