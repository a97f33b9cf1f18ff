import { Link, NavLink } from 'react-router';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { TripsLiveUpdates } from '../../features/trips/hooks/use-trips-live-updates';
import { ChatLeftBehindSender } from '../../features/chat/hooks/use-send-left-behind';
import { useSession } from '../../lib/session';
import { APP_DESTINATIONS } from './app-nav';
import { BrandLink } from './brand-link';
import { linkClass } from './navbar';
import { useLogOut } from './use-log-out';

/** The signed-in header: 56 px, the app's destinations on wide screens, the bell everywhere. */
export function AppHeader() {
  const session = useSession();
  const logOut = useLogOut();
  return (
    <header className="sticky top-0 z-40 shrink-0 border-b border-slate-200/70 bg-white/90 backdrop-blur-md">
      <nav
        aria-label="Main"
        className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6"
      >
        <BrandLink />
        <ul className="hidden items-center gap-1 md:flex">
          {APP_DESTINATIONS.map((destination) => (
            <li key={destination.to}>
              <NavLink to={destination.to} className={linkClass}>
                {destination.label}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/support" className={linkClass}>
              Support
            </NavLink>
          </li>
        </ul>
        <div className="flex items-center gap-1">
          {session ? (
            <>
              <NavLink
                to="/support"
                aria-label="Support"
                className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 md:hidden"
              >
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none">
                  <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="1.8" />
                  <path
                    d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.4M12 17h.01"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                  />
                </svg>
              </NavLink>
              <TripsLiveUpdates />
              <ChatLeftBehindSender />
              <NotificationBell userId={session.userId} />
              <button
                type="button"
                onClick={logOut}
                className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                Log Out
              </button>
            </>
          ) : (
            <Link
              to="/login"
              className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              Log In
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
