import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from '../app/routes';
import { pageTitleOf } from '../app/page-titles';
import { ISLAND_PAGES } from '../island/island-pages';
import { PageIsland } from '../island/page-island';

/** The public pages pre-rendered at build time (issue 7): their content is in the first response. */
export const PRERENDERED_PATHS = ['/', '/login', '/signup', '/support', '/privacy', '/tos'];

/** Those of them hydrated by the island's entry (src/island), without the app (issue 7). */
export const ISLAND_PATHS = Object.keys(ISLAND_PAGES);

export type RenderedPage = { html: string; title: string; routeModules: string[] };

/**
 * Signed-in pages riders open cold (the installed app starts at /dashboard; mails link to it):
 * served as the empty shell with the page's own chunks preloaded, fetched beside the app's entry
 * rather than after it has run (issue 7: My Trips' first card).
 */
export const SHELL_PATHS = ['/dashboard', '/chats', '/profile'];

/** Module ids of each lazily loaded page, so the HTML can modulepreload its chunk. */
const PAGE_MODULES: Record<string, string> = {
  '/': 'src/features/landing/landing-page.tsx',
  '/login': 'src/features/accounts/login-page.tsx',
  '/signup': 'src/features/accounts/signup-page.tsx',
  '/support': 'src/features/support/support-page.tsx',
  '/privacy': 'src/features/legal/privacy-page.tsx',
  '/tos': 'src/features/legal/terms-page.tsx',
  '/dashboard': 'src/features/trips/dashboard-page.tsx',
  '/chats': 'src/features/chat/chats-page.tsx',
  '/profile': 'src/features/accounts/profile-page.tsx',
};

const routeModulesOf = (pathname: string) => {
  const pageModule = PAGE_MODULES[pathname];
  return pageModule ? [pageModule] : [];
};

/** One of SHELL_PATHS: nothing rendered, its title and the modules to preload. */
export const shellPage = (pathname: string): RenderedPage => ({
  html: '',
  title: pageTitleOf(pathname),
  routeModules: routeModulesOf(pathname),
});

/** One page as the app renders it for a signed-out visitor: through the router. */
export async function renderAppMarkup(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} redirected while pre-rendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Queries stay pending, as on a first visit; nothing is fetched at build time.
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

/**
 * Renders one public page as a signed-out visitor sees it before any script runs. An island's
 * page is rendered by the island's tree, which hydrates it: the same markup as the app's but
 * for the ids React derives from the tree's shape (page-island.test.tsx).
 */
export async function renderPage(pathname: string): Promise<RenderedPage> {
  const loadPage = ISLAND_PAGES[pathname];
  const noop = () => undefined;
  const html = loadPage
    ? renderToString(
        <PageIsland
          pathname={pathname}
          Page={await loadPage()}
          openApp={noop}
          prefetchApp={noop}
        />,
      )
    : await renderAppMarkup(pathname);
  return { html, title: pageTitleOf(pathname), routeModules: routeModulesOf(pathname) };
}
