import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { App } from './app/app';
import { routes } from './app/routes';
import { setUnauthorizedHandler } from './lib/api-client';
import './index.css';
import './pwa/register-sw';

/**
 * A pre-rendered page (build step, issue 7) already holds its markup; its lazy route must be
 * loaded before hydrating, or the router would render the fallback and mismatch the HTML.
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

async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  const isPrerendered = container.hasChildNodes();
  if (isPrerendered) await resolveLazyRoutes();
  const router = createBrowserRouter(routes);
  setUnauthorizedHandler(() => void router.navigate('/login'));
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (isPrerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
