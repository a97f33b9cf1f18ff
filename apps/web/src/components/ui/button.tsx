import { useEffect, useRef, type ButtonHTMLAttributes } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-700',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 focus-visible:outline-brand-700',
  danger: 'bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600',
  ghost: 'text-brand-700 hover:bg-brand-50 focus-visible:outline-brand-700',
};

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  /** Shows the text while a request runs and disables the button. */
  isLoading?: boolean;
  loadingText?: string;
};

export function Button({
  variant = 'primary',
  isLoading = false,
  loadingText,
  disabled,
  className = '',
  children,
  type = 'button',
  ...rest
}: Props) {
  // A pre-rendered form sent before the app runs would go as a GET, its fields (a password too)
  // in the address: its submit button waits for hydration, and so does Enter in its fields.
  const isHydrated = useHydrated();
  const ref = useRef<HTMLButtonElement>(null);
  // Disabled while it works, the button loses focus to <body>, where a keyboard or screen-reader
  // user would start again from the top: it takes focus back when the work is done, if nothing
  // else took it meanwhile. A browser may blur it while React commits the disabling, and React
  // passes on no event then: so what counts is having had focus, given up only to another element
  // (or, while not busy, to the page's background).
  const hasFocus = useRef(false);
  useEffect(() => {
    if (isLoading || !hasFocus.current) return;
    if (!document.activeElement || document.activeElement === document.body) ref.current?.focus();
  }, [isLoading]);
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || isLoading || (type === 'submit' && !isHydrated)}
      aria-busy={isLoading || undefined}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${className}`}
      {...rest}
      onFocus={(event) => {
        hasFocus.current = true;
        rest.onFocus?.(event);
      }}
      onBlur={(event) => {
        hasFocus.current = isLoading && event.relatedTarget === null;
        rest.onBlur?.(event);
      }}
    >
      {isLoading && loadingText ? loadingText : children}
    </button>
  );
}
