import { NavLink } from 'react-router';
import { APP_DESTINATIONS, DestinationIcon } from './app-nav';

/** The phone's tab bar: Trips, Chats, Profile, always within the thumb's reach. */
export function BottomTabs() {
  return (
    <nav
      aria-label="Tabs"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-3">
        {APP_DESTINATIONS.map((destination) => (
          <li key={destination.to}>
            <NavLink
              to={destination.to}
              className={({ isActive }) =>
                `flex h-16 flex-col items-center justify-center gap-0.5 text-xs font-semibold focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 ${
                  isActive ? 'text-brand-700' : 'text-slate-600'
                }`
              }
            >
              <DestinationIcon path={destination.icon} />
              {destination.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
