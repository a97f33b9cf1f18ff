import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import {
  NavigationProvider,
  type NavigateOptions,
  type Navigation,
} from '../components/navigation/navigation';

const RouterNavLink: Navigation['NavLink'] = (props) => <NavLink end {...props} />;

/** The page chrome's links and navigation, inside the app: React Router's. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Stable across navigations: log out's unmount effect depends on them.
  const actions = useMemo(
    () => ({
      navigate: (to: string, options?: NavigateOptions) => void navigate(to, options),
      forgetCachedData: () => queryClient.clear(),
    }),
    [navigate, queryClient],
  );
  const value = useMemo<Navigation>(
    () => ({
      Link,
      NavLink: RouterNavLink,
      pathname: location.pathname,
      hash: location.hash,
      locationKey: location.key,
      ...actions,
    }),
    [location, actions],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}
