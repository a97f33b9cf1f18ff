import { StrictMode } from 'react';
import { PageFrame } from '../../../app/page-frame';
import { LandingPage } from '../landing-page';
import { IslandNavigation } from './island-navigation';

type Props = { openApp: (to: string) => void; prefetchApp: () => void };

/** The landing page as the app renders it at /, with the island's navigation. */
export function LandingIsland({ openApp, prefetchApp }: Props) {
  return (
    <StrictMode>
      <IslandNavigation openApp={openApp} prefetchApp={prefetchApp}>
        <PageFrame pathname="/">
          <LandingPage />
        </PageFrame>
      </IslandNavigation>
    </StrictMode>
  );
}
