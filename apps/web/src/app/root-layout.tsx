import { useEffect } from 'react';
import { Toaster } from 'react-hot-toast';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { api } from '../lib/api-client';
import { defaultToastOptions, LOGIN_AREA_PATHS, loginAreaToastOptions } from '../lib/toast';
import { HealthBanner } from './health-banner';
import { pageTitleOf } from './page-titles';

export function RootLayout() {
  const { pathname } = useLocation();
  const isLoginArea = LOGIN_AREA_PATHS.includes(pathname);

  useEffect(() => {
    document.title = pageTitleOf(pathname);
  }, [pathname]);

  useEffect(() => {
    // First-party page-view counter; a failure here must never bother the user.
    api.post('/analytics/pageview', { path: pathname }).catch(() => undefined);
  }, [pathname]);

  return (
    <>
      <HealthBanner />
      <Outlet />
      <ScrollRestoration />
      <Toaster
        position="top-center"
        // Below the 64 px sticky header, so a toast never hides the navigation (issue 9).
        containerStyle={{ top: 72 }}
        toastOptions={isLoginArea ? loginAreaToastOptions : defaultToastOptions}
      />
    </>
  );
}
