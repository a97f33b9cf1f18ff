import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { getSession, onSignOutElsewhere } from '../lib/session';
import { App } from './app';
import { preloadDestinations } from './preload-destinations';
import { queryClient } from './query-client';
import { queryActivity, routerActivity, whenQuiet } from './when-quiet';
import { routes } from './routes';

/**
 * The lazy routes of the current location, loaded before the first render: a pre-rendered page
 * would otherwise hydrate against the router's fallback, and a page opened from the landing page
 * would flash it.
 */
async function resolveLazyRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/** The notices in the tray go with the session, however it ended (see clearShownNotices). */
const clearNotices = () =>
  void import('../pwa/push-subscription')
    .then((push) => push.clearShownNotices())
    .catch(() => undefined);

/**
 * Starts the app at the current location: hydrating a pre-rendered page, rendering into an empty
 * #root, or (`root` given) taking over the React root of the landing page (issue 7).
 */
export async function startApp(root?: Root): Promise<void> {
  const container = document.getElementById('root')!;
  const isPrerendered = !root && container.hasChildNodes();
  if (isPrerendered || root) await resolveLazyRoutes();
  const router = createBrowserRouter(routes);
  // The session ended elsewhere: what was cached for it goes too, once /login is shown.
  setUnauthorizedHandler(() => {
    void router.navigate('/login').then(() => queryClient.clear());
    clearNotices();
  });
  // Signed out in another tab: this one forgets the rider's cached trips, chats and notices too.
  onSignOutElsewhere(() => {
    queryClient.clear();
    clearNotices();
  });
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (root) root.render(app);
  else if (isPrerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
  const quietly = whenQuiet([routerActivity(router), queryActivity(queryClient)]);
  preloadDestinations(routes, quietly);
  // The browser may have renewed its push subscription since the last visit (the old endpoint
  // then stops working): saved again once the page is quiet, where push is on (two requests).
  if (getSession())
    quietly(
      () => void import('../pwa/push-subscription').then((push) => push.keepPushForThisSession()),
    );
}
