import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = {
  message: string;
  /** `onFollow`: run as the link is followed (remembering this page to come back to, say). */
  link: { to: string; label: string; onFollow?: () => void };
  children?: ReactNode;
};

/** Why this chat cannot be shown (signed out, not a rider of the match) and where to go instead. */
export function ChatNotice({ message, link, children }: Props) {
  return (
    <main className="flex min-h-[60vh] flex-1 items-center justify-center px-4 py-16">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
        <h1 className="text-lg font-semibold text-slate-900">{message}</h1>
        {children}
        <Link
          to={link.to}
          onClick={link.onFollow}
          className="mt-5 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {link.label}
        </Link>
      </div>
    </main>
  );
}
