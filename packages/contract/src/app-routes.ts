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

const patterns = APP_ROUTES.map(
  (route) => new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
);

/** True when the web app has a page for this path (a trailing slash allowed). */
export const isAppRoute = (pathname: string): boolean =>
  patterns.some((pattern) => pattern.test(pathname));
