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

export type NavigateOptions = { replace?: boolean };

export type Navigation = {
  Link: ComponentType<LinkProps>;
  /** A link tinted (and aria-current) while its path is the page's. */
  NavLink: ComponentType<NavLinkProps>;
  pathname: string;
  hash: string;
  /** Changes with every navigation, even to the same path. */
  locationKey: string;
  /** `replace`: the new page takes this one's place in the history (Back skips it). */
  navigate: (to: string, options?: NavigateOptions) => void;
  /** Drops what the app cached for the rider who just signed out. */
  forgetCachedData: () => void;
};

/**
 * How the shared page chrome and the public pages (landing, sign-in, support) link and navigate.
 * The app provides React Router's (app/router-navigation.tsx); a pre-rendered public page provides
 * its own (src/island), so its first load needs neither the router nor the query library (issue 7).
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
