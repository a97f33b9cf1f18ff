import { matchRoutes, type RouteObject } from 'react-router';
import { APP_DESTINATIONS } from '../components/layout/app-nav';
import { getSession } from '../lib/session';
import type { IdleScheduler } from '../lib/when-idle';

/**
 * Loads the code of the signed-in tabs (Trips, Chats, Profile) when `schedule` says (the app:
 * once the first page's code and data are in and the browser is idle), so that opening one waits
 * only for its data (issue 7: My Trips' first card after a tap on Trips). Only for a signed-in
 * rider: the public pages load nothing they do not show.
 */
export function preloadDestinations(routes: RouteObject[], schedule: IdleScheduler): void {
  if (!getSession()) return;
  schedule(() => {
    for (const { to } of APP_DESTINATIONS) {
      for (const { route } of matchRoutes(routes, to) ?? []) {
        // A failed preload costs nothing: the navigation loads the route again and says why.
        if (typeof route.lazy === 'function')
          void Promise.resolve(route.lazy()).catch(() => undefined);
      }
    }
  });
}
