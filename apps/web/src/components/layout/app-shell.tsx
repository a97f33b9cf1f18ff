import type { ReactNode } from 'react';
import { SkipLink } from './skip-link';
import { AppHeader } from './app-header';
import { BottomTabs } from './bottom-tabs';

type Props = {
  children: ReactNode;
  /** The chat: the page fills the screen between header and tab bar and scrolls inside. */
  fullHeight?: boolean;
};

/**
 * Signed-in screens (issue 9): a compact header with the app's destinations and the bell, a tab
 * bar at the bottom on phones, and no marketing footer.
 */
export function AppShell({ children, fullHeight = false }: Props) {
  return (
    <div className={`flex flex-col ${fullHeight ? 'h-dvh' : 'min-h-dvh'}`}>
      <SkipLink />
      <AppHeader />
      <div
        id="page-content"
        tabIndex={-1}
        className={`flex flex-1 flex-col outline-none ${fullHeight ? 'min-h-0' : 'pb-[calc(5rem+env(safe-area-inset-bottom))] md:pb-0'}`}
      >
        {children}
      </div>
      <BottomTabs />
    </div>
  );
}
