import { hydrateRoot, type Root } from 'react-dom/client';
import '../pwa/register-sw';
import type { NavigateOptions } from '../components/navigation/navigation';
import { setUnauthorizedHandler } from '../lib/api-client';
import { ISLAND_PAGES } from './island-pages';
import { PageIsland } from './page-island';

/**
 * Entry of the pre-rendered public pages (issue 7): hydrates the page with React alone; React
 * Router, TanStack Query and the other pages load when the visitor heads for one (or points at a
 * link), into the same React root, without a page load.
 */
const loadApp = () => import('../app/start');

let root: Root | undefined;
let opening = false;
async function openApp(to: string, { replace = false }: NavigateOptions = {}): Promise<void> {
  if (opening) return;
  opening = true;
  try {
    const { startApp } = await loadApp();
    if (replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    await startApp(root);
  } catch {
    // The app's code did not arrive (a deploy, the network): the page itself still can.
    if (replace) window.location.replace(to);
    else window.location.assign(to);
  }
}

const prefetchApp = () => void loadApp();

// A session that ended elsewhere: sign in again, in this document, as the app does.
setUnauthorizedHandler(() => void openApp('/login'));

async function hydrate(): Promise<void> {
  // As the server finds the page: /login/ is /login.
  const pathname = window.location.pathname.replace(/(.)\/+$/, '$1');
  const loadPage = ISLAND_PAGES[pathname];
  // Not an island's page after all (the build and the list disagree): the app's to hydrate.
  if (!loadPage) return (await loadApp()).startApp();
  const Page = await loadPage();
  root = hydrateRoot(
    document.getElementById('root')!,
    <PageIsland
      pathname={pathname}
      Page={Page}
      openApp={(to, options) => void openApp(to, options)}
      prefetchApp={prefetchApp}
    />,
  );
}

void hydrate();
