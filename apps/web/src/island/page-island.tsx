import { StrictMode, type ComponentType } from 'react';
import { PageFrame } from '../app/page-frame';
import type { NavigateOptions } from '../components/navigation/navigation';
import { IslandNavigation } from './island-navigation';

type Props = {
  pathname: string;
  Page: ComponentType;
  openApp: (to: string, options?: NavigateOptions) => void;
  prefetchApp: () => void;
};

/** A public page as the app renders it at its path, with the island's navigation. */
export function PageIsland({ pathname, Page, openApp, prefetchApp }: Props) {
  return (
    <StrictMode>
      <IslandNavigation pathname={pathname} openApp={openApp} prefetchApp={prefetchApp}>
        <PageFrame pathname={pathname}>
          <Page />
        </PageFrame>
      </IslandNavigation>
    </StrictMode>
  );
}
