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
  '/unsubscribe',
  '/admin',
  '/experiment',
  '/privacy',
  '/tos',
] as const;

export type AppRoute = (typeof APP_ROUTES)[number];

/** Where a notice mail's "Stop these e-mails" link goes: a page that asks, then switches off. */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';

const patterns = APP_ROUTES.map((route) => ({
  route,
  pattern: new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
}));

/**
 * Pages only some riders have (the moderation desk, decision 009): the server answers them as not
 * found, with the app, and their title says so until the page knows its visitor may see it, so
 * neither the status nor the tab tells anyone else that they exist.
 */
export const UNLISTED_ROUTES: readonly AppRoute[] = ['/admin'];

/** The route the web app answers this path with (a trailing slash allowed), if any. */
export const appRouteOf = (pathname: string): AppRoute | undefined =>
  patterns.find(({ pattern }) => pattern.test(pathname))?.route;

/** True when the web app has a page for this path (a trailing slash allowed). */
export const isAppRoute = (pathname: string): boolean => appRouteOf(pathname) !== undefined;

/** True for a page only some riders have: it sets its own title, and answers as not found. */
export const isUnlistedPage = (pathname: string): boolean => {
  const route = appRouteOf(pathname);
  return route !== undefined && UNLISTED_ROUTES.includes(route);
};
