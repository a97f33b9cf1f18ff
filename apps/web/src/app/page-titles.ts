import { isAppRoute } from '@aeropool/contract/app-routes';

const SITE = 'AeroPool';

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
  '/admin': `Moderation desk · ${SITE}`,
  '/experiment': `Experiment · ${SITE}`,
  '/privacy': `Privacy policy · ${SITE}`,
  '/tos': `Terms of service · ${SITE}`,
};

export function pageTitleOf(pathname: string): string {
  if (!isAppRoute(pathname)) return `Page not found · ${SITE}`;
  if (pathname.startsWith('/chat/')) return `Chat · ${SITE}`;
  if (pathname.startsWith('/trip/')) return `Shared trip · ${SITE}`;
  return PAGE_TITLES[pathname.replace(/(.)\/+$/, '$1')] ?? SITE;
}
