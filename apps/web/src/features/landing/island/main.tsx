import { hydrateRoot } from 'react-dom/client';
import '../../../pwa/register-sw';
import { LandingIsland } from './landing-island';

/**
 * Entry of the pre-rendered landing page (issue 7): hydrates it with React alone; React Router,
 * TanStack Query and the other pages load when the visitor heads for one (or points at a link).
 */
const loadApp = () => import('../../../app/start');

let opening = false;
async function openApp(to: string): Promise<void> {
  if (opening) return;
  opening = true;
  try {
    const { startApp } = await loadApp();
    window.history.pushState(null, '', to);
    await startApp(root);
  } catch {
    // The app's code did not arrive (a deploy, the network): the page itself still can.
    window.location.assign(to);
  }
}

const prefetchApp = () => void loadApp();

const root = hydrateRoot(
  document.getElementById('root')!,
  <LandingIsland openApp={(to) => void openApp(to)} prefetchApp={prefetchApp} />,
);
