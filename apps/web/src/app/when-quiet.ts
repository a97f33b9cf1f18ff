import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { whenIdle, type IdleScheduler } from '../lib/when-idle';

/** Something the page waits on: busy or not, and a way to hear when that may have changed. */
export type Activity = { isBusy: () => boolean; subscribe: (listener: () => void) => () => void };

export const queryActivity = (queryClient: QueryClient): Activity => ({
  isBusy: () => queryClient.isFetching() > 0,
  subscribe: (listener) => queryClient.getQueryCache().subscribe(listener),
});

type Router = ReturnType<typeof createBrowserRouter>;

/** The router is busy until the first page's code and loaders are in, and while it navigates. */
export const routerActivity = (router: Router): Activity => ({
  isBusy: () => !router.state.initialized || router.state.navigation.state !== 'idle',
  subscribe: (listener) => router.subscribe(listener),
});

/**
 * A scheduler for code fetched ahead of need: it runs at an idle time when none of `activities`
 * is busy, so the prefetch never competes with what the rider is waiting for (issue 7: on a cold
 * load the browser idles while the page's own code and request are still on the way).
 */
export const whenQuiet =
  (activities: Activity[], idle: IdleScheduler = whenIdle): IdleScheduler =>
  (run) => {
    const isBusy = () => activities.some((activity) => activity.isBusy());
    const check = () => {
      if (!isBusy()) return run();
      const unsubscribes: (() => void)[] = [];
      const onChange = () => {
        if (isBusy()) return;
        for (const unsubscribe of unsubscribes) unsubscribe();
        // Checked again at the next idle time: finishing one thing often starts another.
        idle(check);
      };
      for (const activity of activities) unsubscribes.push(activity.subscribe(onChange));
    };
    idle(check);
  };
