import { useEffect, useRef } from 'react';
import { AppLink, AppNavLink } from '../navigation/navigation';
import { BrandLink } from './brand-link';
import { NAV_LINKS } from './nav-links';
import { useMenuBehaviour } from './use-menu-behaviour';
import { firstCharacter } from '@aeropool/contract/plain-text';

type Props = {
  id: string;
  userEmail: string | null;
  isSignedIn: boolean;
  onLogOut: () => void;
  onClose: () => void;
};

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-14 items-center justify-between rounded-xl px-4 text-lg font-semibold transition focus-visible:outline-2 focus-visible:outline-brand-500 ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-100'
  }`;

/** Full-screen menu below the md breakpoint; the navbar renders it only while open. */
export function MobileMenu({ id, userEmail, isSignedIn, onLogOut, onClose }: Props) {
  const panelRef = useRef<HTMLDivElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  useMenuBehaviour(panelRef, onClose);

  useEffect(() => {
    closeButtonRef.current?.focus();
  }, []);

  return (
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-modal="true"
      aria-label="Menu"
      className="fixed inset-0 z-[70] flex flex-col overflow-y-auto bg-white md:hidden"
    >
      <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4">
        <BrandLink />
        <button
          ref={closeButtonRef}
          type="button"
          aria-label="Close menu"
          onClick={onClose}
          className="-mr-2 inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d="M6 6l12 12M18 6L6 18"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </div>

      <div className="mx-4 mt-6 flex items-center gap-3 rounded-2xl bg-linear-to-br from-brand-50 to-sky-100 p-4">
        <span
          aria-hidden="true"
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
        >
          {firstCharacter(userEmail ?? 'User').toUpperCase()}
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{userEmail ?? 'User'}</p>
          <p className="text-sm text-slate-600">{isSignedIn ? 'Signed in' : 'Not signed in'}</p>
        </div>
      </div>

      <nav aria-label="Mobile" className="flex-1 px-4 py-6">
        <ul className="flex flex-col gap-1">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <AppNavLink to={link.to} className={itemClass}>
                {link.label}
                <span aria-hidden="true" className="text-slate-400">
                  ›
                </span>
              </AppNavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="border-t border-slate-200 p-4 pb-8">
        {isSignedIn ? (
          <button
            type="button"
            onClick={onLogOut}
            className="min-h-12 w-full rounded-xl border border-slate-300 text-base font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            Log Out
          </button>
        ) : (
          <AppLink
            to="/login"
            className="flex min-h-12 w-full items-center justify-center rounded-xl bg-brand-700 text-base font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            Log In
          </AppLink>
        )}
      </div>
    </div>
  );
}
