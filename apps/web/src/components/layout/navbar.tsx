import { useCallback, useRef, useState } from 'react';
import { AppLink, AppNavLink, useNavigation } from '../navigation/navigation';
import { useSession } from '../../lib/session';
import { BrandLink } from './brand-link';
import { MobileMenu } from './mobile-menu';
import { NAV_LINKS } from './nav-links';
import { useLogOut } from './use-log-out';

const MOBILE_MENU_ID = 'mobile-menu';

/** A header link; the active page's is tinted. The app shell's header uses it too. */
export const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-brand-500 ${
    isActive
      ? 'bg-brand-50 text-brand-800'
      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
  }`;

export function Navbar() {
  const session = useSession();
  const logOut = useLogOut();
  const { locationKey } = useNavigation();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // The menu is open only for the location it was opened at, so any navigation closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const isMenuOpen = menuOpenedAt === locationKey;
  const closeMenu = useCallback(() => {
    setMenuOpenedAt(null);
    menuButtonRef.current?.focus();
  }, []);

  return (
    <>
      <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/85 backdrop-blur-md">
        <nav
          aria-label="Main"
          className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6"
        >
          <BrandLink />
          <ul className="hidden items-center gap-1 md:flex">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <AppNavLink to={link.to} className={linkClass}>
                  {link.label}
                </AppNavLink>
              </li>
            ))}
          </ul>
          <div className="hidden md:block">
            {session ? (
              <button
                type="button"
                onClick={logOut}
                className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
              >
                Log Out
              </button>
            ) : (
              <AppLink
                to="/login"
                className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
              >
                Log In
              </AppLink>
            )}
          </div>
          <button
            ref={menuButtonRef}
            type="button"
            aria-label="Open menu"
            aria-expanded={isMenuOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setMenuOpenedAt(locationKey)}
            className="-mr-2 inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 md:hidden"
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d="M4 7h16M4 12h16M4 17h16"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </nav>
      </header>
      {isMenuOpen ? (
        <MobileMenu
          id={MOBILE_MENU_ID}
          userEmail={session?.userEmail ?? null}
          isSignedIn={session !== null}
          onLogOut={logOut}
          onClose={closeMenu}
        />
      ) : null}
    </>
  );
}
