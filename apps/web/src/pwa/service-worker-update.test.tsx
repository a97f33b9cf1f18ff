import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { UpdateBanner } from '../app/update-banner';
import { watchForUpdates } from './service-worker-update';

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

/** A worker as the browser reports it: its state, and what the page posts to it. */
function fakeWorker() {
  const worker = Object.assign(new EventTarget(), {
    state: 'installing' as ServiceWorkerState,
    postMessage: vi.fn(),
  });
  return worker as unknown as ServiceWorker & {
    state: ServiceWorkerState;
    postMessage: typeof worker.postMessage;
  };
}

it('offers a new build once its worker is installed, and hands over to it on Reload', () => {
  const serviceWorker = Object.assign(new EventTarget(), { controller: fakeWorker() });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  const registration = Object.assign(new EventTarget(), {
    installing: null as ServiceWorker | null,
    waiting: null as ServiceWorker | null,
    update: vi.fn(async () => undefined),
  });
  render(<UpdateBanner />);
  watchForUpdates(registration as unknown as ServiceWorkerRegistration);
  expect(screen.queryByText(/new version/)).toBeNull();

  const next = fakeWorker();
  registration.installing = next;
  registration.dispatchEvent(new Event('updatefound'));
  next.state = 'installed';
  registration.installing = null;
  registration.waiting = next;
  act(() => void next.dispatchEvent(new Event('statechange')));

  expect(screen.getByRole('status').textContent).toContain('A new version of AeroPool is ready.');
  fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
  expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
});

it('offers a new build whose worker was already installing when the page began to watch', async () => {
  vi.resetModules();
  const { UpdateBanner: Banner } = await import('../app/update-banner');
  const { watchForUpdates: watch } = await import('./service-worker-update');
  const serviceWorker = Object.assign(new EventTarget(), { controller: fakeWorker() });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  const next = fakeWorker();
  // The new build's worker found on the page's own load, before register() resolved.
  const registration = Object.assign(new EventTarget(), {
    installing: next as ServiceWorker | null,
    waiting: null as ServiceWorker | null,
    update: vi.fn(async () => undefined),
  });
  render(<Banner />);
  watch(registration as unknown as ServiceWorkerRegistration);
  expect(screen.queryByText(/new version/)).toBeNull();

  next.state = 'installed';
  registration.installing = null;
  registration.waiting = next;
  act(() => void next.dispatchEvent(new Event('statechange')));
  expect(screen.getByRole('status').textContent).toContain('A new version of AeroPool is ready.');
});

it('offers the reload in a tab whose worker another tab replaced', async () => {
  vi.resetModules();
  const { UpdateBanner: Banner } = await import('../app/update-banner');
  const { watchForUpdates: watch } = await import('./service-worker-update');
  const serviceWorker = Object.assign(new EventTarget(), { controller: fakeWorker() });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  const registration = Object.assign(new EventTarget(), {
    installing: null,
    waiting: null,
    update: vi.fn(async () => undefined),
  });
  render(<Banner />);
  watch(registration as unknown as ServiceWorkerRegistration);
  expect(screen.queryByText(/new version/)).toBeNull();

  const next = fakeWorker();
  next.state = 'activated';
  serviceWorker.controller = next;
  act(() => void serviceWorker.dispatchEvent(new Event('controllerchange')));
  expect(screen.getByRole('status').textContent).toContain('A new version of AeroPool is ready.');
});
