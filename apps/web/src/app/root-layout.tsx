import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { PageFrame } from './page-frame';
import { RouterNavigation } from './router-navigation';

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <RouterNavigation>
      <PageFrame pathname={pathname}>
        <Outlet />
        <ScrollRestoration />
      </PageFrame>
    </RouterNavigation>
  );
}
