import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

export type LinkProps = {
  to: string;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
};

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  className: (state: { isActive: boolean }) => string;
};

export type Navigation = {
  Link: ComponentType<LinkProps>;
  /** A link tinted (and aria-current) while its path is the page's. */
  NavLink: ComponentType<NavLinkProps>;
  pathname: string;
  hash: string;
  /** Changes with every navigation, even to the same path. */
  locationKey: string;
  navigate: (to: string) => void;
  /** Drops what the app cached for the rider who just signed out. */
  forgetCachedData: () => void;
};

/**
 * How the shared page chrome (navbar, footer, landing sections) links and navigates. The app
 * provides React Router's (app/router-navigation.tsx); the pre-rendered landing page provides its
 * own (landing/island), so its first load needs neither the router nor the query library (issue 7).
 */
const NavigationContext = createContext<Navigation | null>(null);

export const NavigationProvider = NavigationContext.Provider;

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation needs a NavigationProvider');
  return navigation;
}

export function AppLink(props: LinkProps) {
  const { Link } = useNavigation();
  return <Link {...props} />;
}

export function AppNavLink(props: NavLinkProps) {
  const { NavLink } = useNavigation();
  return <NavLink {...props} />;
}
