import {
  createContext,
  useContext,
  useMemo,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import {
  NavigationProvider,
  type LinkProps,
  type Navigation,
  type NavLinkProps,
  type NavigateOptions,
} from '../components/navigation/navigation';

type Actions = {
  pathname: string;
  navigate: (to: string, options?: NavigateOptions) => void;
  prefetchApp: () => void;
};

const ActionsContext = createContext<Actions>({
  pathname: '/',
  navigate: () => undefined,
  prefetchApp: () => undefined,
});

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** An anchor as React Router renders one (so the pre-rendered HTML hydrates as it is). */
function IslandLink({
  to,
  className,
  onClick,
  children,
  isActive,
}: LinkProps & { isActive?: boolean }) {
  const { navigate, prefetchApp } = useContext(ActionsContext);
  return (
    <a
      aria-current={isActive ? 'page' : undefined}
      className={className}
      href={to}
      data-discover="true"
      onPointerEnter={prefetchApp}
      onFocus={prefetchApp}
      onTouchStart={prefetchApp}
      onClick={(event) => {
        onClick?.();
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

function IslandNavLink({ className, to, ...props }: NavLinkProps) {
  const isActive = to === useContext(ActionsContext).pathname;
  return <IslandLink to={to} className={className({ isActive })} isActive={isActive} {...props} />;
}

type Props = {
  /** The page's own path. */
  pathname: string;
  /** Hands the page to the app at this path (loading the app first). */
  openApp: (to: string, options?: NavigateOptions) => void;
  /** The app's code is wanted soon: a pointer or the focus is on a link. */
  prefetchApp: () => void;
  children: ReactNode;
};

/**
 * A public page's links before the app is loaded (issue 7): real anchors that keep this page
 * here and hand any other page to the app, without a page load.
 */
export function IslandNavigation({ pathname, openApp, prefetchApp, children }: Props) {
  // A link to this same page is a new visit of it: scrolled to the top, the mobile menu closed.
  const [visit, setVisit] = useState(0);
  const actions = useMemo<Actions>(
    () => ({
      pathname,
      navigate: (to, options) => {
        if (to !== pathname) return openApp(to, options);
        window.scrollTo({ top: 0 });
        setVisit((count) => count + 1);
      },
      prefetchApp,
    }),
    [pathname, openApp, prefetchApp],
  );
  const navigation = useMemo<Navigation>(
    () => ({
      Link: IslandLink,
      NavLink: IslandNavLink,
      pathname,
      // None while the build pre-renders the page.
      hash: typeof window === 'undefined' ? '' : window.location.hash,
      locationKey: `visit-${visit}`,
      navigate: actions.navigate,
      // Nothing is cached before the app loads.
      forgetCachedData: () => undefined,
    }),
    [actions, pathname, visit],
  );
  return (
    <ActionsContext.Provider value={actions}>
      <NavigationProvider value={navigation}>{children}</NavigationProvider>
    </ActionsContext.Provider>
  );
}
