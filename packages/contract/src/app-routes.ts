/**
 * Every path the web app answers (its router's routes), so the server can answer any other path
 * with the 404 page and HTTP status 404 (issue 9). `:name` matches one path segment.
 */
export const APP_ROUTES = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/profile',
  '/support',
  '/dashboard',
  '/chats',
  '/chat/:matchId',
  '/trip/:token',
  '/admin',
  '/experiment',
  '/privacy',
  '/tos',
] as const;

export type AppRoute = (typeof APP_ROUTES)[number];

const patterns = APP_ROUTES.map((route) => ({
  route,
  pattern: new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
}));

/** The route the web app answers this path with (a trailing slash allowed), if any. */
export const appRouteOf = (pathname: string): AppRoute | undefined =>
  patterns.find(({ pattern }) => pattern.test(pathname))?.route;

/** True when the web app has a page for this path (a trailing slash allowed). */
export const isAppRoute = (pathname: string): boolean => appRouteOf(pathname) !== undefined;
