import { expect, test, type Page } from '@playwright/test';
import { createRider, signInAs } from '../fixtures/accounts';
import { PHONE_AND_DESKTOP } from '../fixtures/ui';

// Issue 9, installable app: manifest and icons, the service worker, the offline page, and no
// personal data (API answers) in any cache. Each test has its own context, so its own worker.

/** Waits for the worker to be active, then reloads so it controls the page (it does not claim). */
async function controlledByWorker(page: Page): Promise<string> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

/** Every URL in every Cache Storage cache of the origin. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

// The other specs block service workers (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// On a phone and on a desktop (issue 9).
for (const viewport of PHONE_AND_DESKTOP) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('every page links the web manifest, whose fields and icons make the app installable', async ({
      page,
      request,
    }) => {
      for (const path of ['/', '/login']) {
        await page.goto(path);
        await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
          'href',
          '/manifest.webmanifest',
        );
      }
      const res = await request.get('/manifest.webmanifest');
      expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
      const manifest = await res.json();
      expect(manifest).toMatchObject({
        name: 'AeroPool',
        short_name: 'AeroPool',
        start_url: '/dashboard',
        display: 'standalone',
        theme_color: '#0369a1',
        background_color: '#f8fafc',
      });
      // The theme colour matches the page's own meta tag.
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0369a1');

      const icons = manifest.icons as {
        src: string;
        sizes: string;
        type: string;
        purpose?: string;
      }[];
      expect(icons.map((icon) => [icon.sizes, icon.purpose ?? 'any'])).toEqual([
        ['192x192', 'any'],
        ['512x512', 'any'],
        ['512x512', 'maskable'],
      ]);
      for (const icon of icons) {
        const file = await request.get(icon.src);
        expect(file.headers()['content-type']).toBe('image/png');
        const { width, height } = pngSize(await file.body());
        expect(`${width}x${height}`).toBe(icon.sizes);
      }
    });

    test('the service worker registers, controls the page after a reload, and caches no API answer', async ({
      page,
      request,
    }) => {
      const rider = await createRider(request, { firstName: 'Pooja', lastName: 'Iyer' });
      await signInAs(page, rider);
      await page.goto('/dashboard');
      expect(await controlledByWorker(page)).toMatch(/\/sw\.js$/);

      // Signed in and controlled: the dashboard's API calls (the rider's own data) go out now.
      const profileAnswer = page.waitForResponse((res) => res.url().includes('/api/'));
      await page.goto('/profile');
      await profileAnswer;
      await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();

      const urls = await cachedUrls(page);
      // The shell is cached: scripts, styles and the offline page…
      expect(urls.some((url) => /\/assets\/index-[\w-]+\.js$/.test(url))).toBe(true);
      expect(urls.some((url) => new URL(url).pathname === '/offline.html')).toBe(true);
      // …and nothing with personal data: no API answer, no socket.io poll, no page HTML.
      expect(urls.filter((url) => /\/(api|socket\.io)\//.test(new URL(url).pathname))).toEqual([]);
      expect(urls.filter((url) => /^\/(dashboard|profile)?$/.test(new URL(url).pathname))).toEqual(
        [],
      );
    });

    test('with the network cut, a page load shows the offline page, and Try again recovers', async ({
      page,
      context,
    }) => {
      await page.goto('/');
      expect(await controlledByWorker(page)).toMatch(/\/sw\.js$/);

      await context.setOffline(true);
      await page.goto('/support');
      await expect(page).toHaveTitle("You're offline · AeroPool");
      await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
      // The rider's address stays, so trying again asks for the same page.
      expect(new URL(page.url()).pathname).toBe('/support');

      await context.setOffline(false);
      await page.getByRole('link', { name: 'Try again' }).click();
      await expect(page).toHaveTitle('Support · AeroPool');
    });

    test('a push shows a notification from the service worker', async ({ page, context }) => {
      await context.grantPermissions(['notifications']);
      await page.goto('/');
      await controlledByWorker(page);

      // DevTools delivers the push as a push service would, to the worker's registration.
      const cdp = await context.newCDPSession(page);
      const registration = new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((item) => item.scopeURL.endsWith('/') && !item.isDeleted);
          if (ours) resolve(ours.registrationId);
        });
      });
      await cdp.send('ServiceWorker.enable');
      const origin = new URL(page.url()).origin;
      const registrationId = await registration;
      const deliver = () =>
        cdp.send('ServiceWorker.deliverPushMessage', {
          origin,
          registrationId,
          data: JSON.stringify({
            title: 'New match request',
            body: 'Asha R. wants to share your cab',
            url: '/dashboard',
            tag: 'match-request:e2e',
          }),
        });
      await deliver();

      await expect
        .poll(
          async () => {
            const shown = await page.evaluate(async () => {
              const list = await (await navigator.serviceWorker.ready).getNotifications();
              return list.map((item) => ({ title: item.title, body: item.body, tag: item.tag }));
            });
            // DevTools' delivery can be lost while a loaded machine starts the worker (two CI
            // runs in a row, never alone): delivered again, under the same tag, it replaces.
            if (shown.length === 0) await deliver();
            return shown;
          },
          { timeout: 20_000 },
        )
        .toEqual([
          {
            title: 'New match request',
            body: 'Asha R. wants to share your cab',
            tag: 'match-request:e2e',
          },
        ]);
    });
  });
}
