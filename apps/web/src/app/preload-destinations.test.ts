import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { clearSession, saveSession } from '../lib/session';
import { preloadDestinations } from './preload-destinations';

/** A root with one lazy child per path, recording which were loaded. */
function routesFor(paths: string[]) {
  const loaded: string[] = [];
  const routes: RouteObject[] = [
    {
      children: paths.map((path) => ({
        path,
        lazy: async () => {
          loaded.push(path);
          return {};
        },
      })),
    },
  ];
  return { routes, loaded };
}

const runAtOnce = (run: () => void) => run();

describe('preloadDestinations', () => {
  afterEach(() => clearSession());

  it('loads the code of Trips, Chats and Profile for a signed-in rider, and of no other page', async () => {
    saveSession({ userId: 'u1', userEmail: 'a@example.com', token: 't' });
    const { routes, loaded } = routesFor(['/', '/dashboard', '/chats', '/profile', '/support']);
    preloadDestinations(routes, runAtOnce);
    await vi.waitFor(() => expect(loaded).toHaveLength(3));
    expect(loaded).toEqual(['/dashboard', '/chats', '/profile']);
  });

  it('loads nothing, and waits for nothing, on a signed-out visit', () => {
    const schedule = vi.fn();
    preloadDestinations(routesFor(['/dashboard']).routes, schedule);
    expect(schedule).not.toHaveBeenCalled();
  });

  it('waits for the idle time the browser gives before loading anything', () => {
    saveSession({ userId: 'u1', userEmail: 'a@example.com', token: 't' });
    const { routes, loaded } = routesFor(['/dashboard']);
    const schedule = vi.fn();
    preloadDestinations(routes, schedule);
    expect(schedule).toHaveBeenCalledOnce();
    expect(loaded).toEqual([]);
  });
});
