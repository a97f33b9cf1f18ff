import { isAppRoute } from '@aeropool/contract/app-routes';

const SITE = 'AeroPool';
export const NOT_FOUND_TITLE = `Page not found · ${SITE}`;
/** The desk's, set by the desk itself once the server has answered an operator (decision 009). */
export const DESK_TITLE = `Moderation desk · ${SITE}`;

/** Each page's own <title> (issue 7); pre-rendered pages carry it in their first response. */
const PAGE_TITLES: Record<string, string> = {
  '/': 'AeroPool · Share your airport ride',
  '/login': `Log in · ${SITE}`,
  '/signup': `Sign up · ${SITE}`,
  '/forgot-password': `Reset password · ${SITE}`,
  '/profile': `Profile · ${SITE}`,
  '/support': `Support · ${SITE}`,
  '/dashboard': `My Trips · ${SITE}`,
  '/chats': `Chats · ${SITE}`,
  '/experiment': `Experiment · ${SITE}`,
  '/privacy': `Privacy policy · ${SITE}`,
  '/tos': `Terms of service · ${SITE}`,
  '/unsubscribe': `E-mail notifications · ${SITE}`,
};

export function pageTitleOf(pathname: string): string {
  if (!isAppRoute(pathname)) return NOT_FOUND_TITLE;
  if (pathname.startsWith('/chat/')) return `Chat · ${SITE}`;
  if (pathname.startsWith('/trip/')) return `Shared trip · ${SITE}`;
  return PAGE_TITLES[pathname.replace(/(.)\/+$/, '$1')] ?? SITE;
}
