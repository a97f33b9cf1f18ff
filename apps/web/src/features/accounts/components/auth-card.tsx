import { useEffect, useId, useRef, type ReactNode } from 'react';
import { PageShell } from '../../../components/layout/page-shell';

type Props = {
  title: string;
  description?: ReactNode;
  /** Shown above the title, e.g. the step indicator of a multi-step flow. */
  header?: ReactNode;
  /** Links under the card's content, e.g. "Already have an account? Log In". */
  footer?: ReactNode;
  /** Changes with each step of a multi-step flow; focus then moves to the heading. */
  stepKey?: number;
  children: ReactNode;
};

/** The centred card shared by /login, /signup and /forgot-password. */
export function AuthCard({ title, description, header, footer, stepKey, children }: Props) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStepRef = useRef(stepKey);

  useEffect(() => {
    // The form of the previous step is gone; without this, focus falls back to <body> and a
    // screen reader does not hear that a new step began.
    if (shownStepRef.current === stepKey) return;
    shownStepRef.current = stepKey;
    headingRef.current?.focus();
  }, [stepKey]);

  return (
    <PageShell>
      <main className="flex flex-1 items-start justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-10 sm:items-center sm:py-16">
        <section
          aria-labelledby={titleId}
          className="w-full max-w-md rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8"
        >
          {header}
          <h1
            ref={headingRef}
            id={titleId}
            tabIndex={-1}
            className="text-2xl font-bold text-slate-900 focus:outline-none"
          >
            {title}
          </h1>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
          <div className="mt-6">{children}</div>
          {footer ? (
            <div className="mt-6 border-t border-slate-100 pt-4 text-center text-sm text-slate-600">
              {footer}
            </div>
          ) : null}
        </section>
      </main>
    </PageShell>
  );
}
