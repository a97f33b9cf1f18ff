import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Toaster } from 'react-hot-toast';
import { api } from '../lib/api-client';
import { useHydrated } from '../lib/use-hydrated';
import { defaultToastOptions, LOGIN_AREA_PATHS, loginAreaToastOptions } from '../lib/toast';
import { HealthBanner } from './health-banner';
import { UpdateBanner } from './update-banner';
import { pageTitleOf } from './page-titles';
import { isUnlistedPage } from '@aeropool/contract/app-routes';

/**
 * What surrounds every page, in the app (root-layout.tsx) and on the pre-rendered public pages
 * (src/island): the health banner, the page's title, the page-view count, the toasts. Both render
 * the same markup, so those pages hydrate either way.
 */
export function PageFrame({ pathname, children }: { pathname: string; children: ReactNode }) {
  const isLoginArea = LOGIN_AREA_PATHS.includes(pathname);
  const isHydrated = useHydrated();

  useEffect(() => {
    // An unlisted page (the desk) names itself only once it knows its visitor may see it.
    if (!isUnlistedPage(pathname)) document.title = pageTitleOf(pathname);
  }, [pathname]);

  useEffect(() => {
    // First-party page-view counter; a failure here must never bother the user.
    api.post('/analytics/pageview', { path: pathname }).catch(() => undefined);
  }, [pathname]);

  return (
    <>
      <HealthBanner />
      <UpdateBanner />
      {children}
      {/* Outside #root, which an open dialog makes inert: the toasts reporting what the dialog
          did (or refused) must still be announced. After hydration: a pre-render has no portal. */}
      {isHydrated
        ? createPortal(
            <Toaster
              position="top-center"
              // Below the 64 px sticky header, so a toast never hides the navigation (issue 9).
              containerStyle={{ top: 72 }}
              toastOptions={isLoginArea ? loginAreaToastOptions : defaultToastOptions}
            />,
            document.body,
          )
        : null}
    </>
  );
}
