import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { focusHeading, pageHeading } from '../../lib/use-focus-stays-nearby';

type Props = {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  /** While the dialog's request runs, Escape, the backdrop and ✕ do not close it. */
  isBusy?: boolean;
  /**
   * Where focus goes on close when what opened the dialog is gone with what it did (a card's
   * heading, when its status select became a badge); the page's heading when that is gone too.
   */
  returnFocusTo?: () => HTMLElement | null;
  children: ReactNode;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focuses the first field in `container`; false when it holds none. */
export function focusFirstField(container: HTMLElement): boolean {
  // Not a hidden one (a username for password managers): focusing it does nothing in a browser.
  const field = container.querySelector<HTMLElement>(
    'input:not([disabled]):not([hidden]):not([type="hidden"]), select, textarea',
  );
  field?.focus();
  return field !== null;
}

/**
 * An accessible modal dialog: focus moves in and is trapped, Escape and the backdrop close it, the
 * page behind is inert and focus returns on close. Not the native <dialog>: its top layer would
 * cover the toasts that report what the dialog just did.
 */
export function Modal({ isOpen, title, onClose, isBusy = false, returnFocusTo, children }: Props) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const returnFocusRef = useRef(returnFocusTo);
  const titleId = useId();

  useEffect(() => {
    onCloseRef.current = isBusy ? () => undefined : onClose;
    returnFocusRef.current = returnFocusTo;
  }, [onClose, isBusy, returnFocusTo]);

  useEffect(() => {
    if (!isOpen) return;
    const panel = panelRef.current!;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const root = document.getElementById('root');
    const focusables = () => [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (!focusFirstField(panel)) (focusables()[1] ?? focusables()[0] ?? panel).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    root?.setAttribute('inert', '');
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      root?.removeAttribute('inert');
      // What opened the dialog may be gone with what the dialog did (a cancelled trip's menu):
      // the place given for that, else the page's heading, not <body>.
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
      else {
        const nearby = returnFocusRef.current?.();
        focusHeading(nearby?.isConnected ? nearby : pageHeading());
      }
    };
  }, [isOpen]);

  if (!isOpen) return null;
  return createPortal(
    <div
      // Room above the panel for toasts (below the 56 px header): they never cover its title.
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 px-4 pt-32 pb-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="flex max-h-[calc(100dvh-9rem)] w-full max-w-md flex-col gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl outline-none"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="min-w-0 text-lg font-semibold wrap-anywhere text-slate-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => onCloseRef.current()}
            disabled={isBusy}
            aria-label="Close"
            className="-mt-2 -mr-2 rounded-md p-2 text-slate-500 hover:bg-slate-100"
          >
            ✕
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
