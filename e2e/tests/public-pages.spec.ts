import { expect, test, type Page, type Response } from '@playwright/test';
import { createRider } from '../fixtures/accounts';

test('an unknown path shows the 404 page, with HTTP status 404, and a link home', async ({
  page,
}) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('Page not found · AeroPool');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found.' })).toBeVisible();
  await page.getByRole('link', { name: /home/i }).first().click();
  await expect(page).toHaveURL(/\/$/);
});

test('unknown API paths answer JSON, not the app', async ({ request }) => {
  const res = await request.get('/api/no-such-thing');
  expect(res.status()).toBe(404);
  expect((await res.json()).statusCode).toBe(404);
});

test('while the API is unreachable a banner says so, and it goes once the API answers', async ({
  page,
}) => {
  let isDown = true;
  await page.route('**/api/health', (route) =>
    isDown
      ? route.fulfill({ status: 503, json: { statusCode: 503, message: 'down', entities: [] } })
      : route.continue(),
  );
  await page.clock.install();
  await page.goto('/');
  const banner = page.getByRole('alert').filter({ hasText: "can't reach the AeroPool server" });
  await expect(banner).toBeVisible();
  isDown = false;
  // Spec §7: retried every 60 seconds.
  await page.clock.fastForward(60_000);
  await expect(banner).toBeHidden();
});

test('the app counts a first-party page view at start', async ({ page }) => {
  const pageView = page.waitForRequest(
    (request) => request.url().endsWith('/api/analytics/pageview') && request.method() === 'POST',
  );
  await page.goto('/support');
  expect((await pageView).postDataJSON()).toEqual({ path: '/support' });
});

// Issue 7: these pages are pre-rendered at build time; the first response holds their content
// and the app hydrates it without a mismatch (React reports one as a console error).
const PRERENDERED = [
  { path: '/', title: 'AeroPool · Share your airport ride' },
  { path: '/login', title: 'Log in · AeroPool' },
  { path: '/signup', title: 'Sign up · AeroPool' },
  { path: '/support', title: 'Support · AeroPool' },
  { path: '/privacy', title: 'Privacy policy · AeroPool' },
  { path: '/tos', title: 'Terms of service · AeroPool' },
];

for (const { path, title } of PRERENDERED) {
  test(`${path} arrives pre-rendered and hydrates without console errors`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(path)).text();
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).not.toContain('<div id="root"></div>');

    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveTitle(title);
    // A link works only once React owns the markup.
    await expect(page.getByRole('link').first()).toBeVisible();
    expect(errors).toEqual([]);
  });
}

// Issue 7: the pages of first visits (/, /login, /support, /privacy, /tos) load React and their
// own code only; the router, the query library, the form schemas (zod) and the other pages come
// when the visitor heads for one, in the same document (no page load).
const APP_SCRIPT = /\/assets\/(start|index)-[\w-]+\.js$/;
/** A name zod's code keeps when minified. */
const ZOD_MARK = 'ZodError';

type LoadedScripts = { paths: string[]; withZod: () => Promise<string[]> };

/** Opens `path` cold, checks it has loaded its own entry only, and marks the document. */
async function openWithoutTheApp(page: Page, path: string): Promise<LoadedScripts> {
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  });
  const paths = () => responses.map((response) => new URL(response.url()).pathname);
  const scripts: LoadedScripts = {
    get paths() {
      return paths();
    },
    withZod: async () => {
      const bodies = await Promise.all(responses.map((response) => response.text()));
      return paths().filter((_path, i) => bodies[i]!.includes(ZOD_MARK));
    },
  };
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  expect(scripts.paths.some((script) => /\/assets\/island-[\w-]+\.js$/.test(script))).toBe(true);
  expect(scripts.paths.filter((script) => APP_SCRIPT.test(script))).toEqual([]);
  expect(await scripts.withZod()).toEqual([]);
  // A marker on the window survives only if the document is not reloaded.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  return scripts;
}

const isSameDocument = (page: Page) =>
  page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);

test('the landing page loads without the app, and hands over to it without a page load', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openWithoutTheApp(page, '/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Log In' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to AeroPool' })).toBeVisible();
  await expect(page).toHaveTitle('Log in · AeroPool');
  expect(await isSameDocument(page)).toBe(true);
  // The app is in charge now: its links navigate in place too, and Back shows the landing page.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Share your airport cab.');
  expect(await isSameDocument(page)).toBe(true);
  expect(errors).toEqual([]);
});

test('/login loads without the app; signing in validates, then opens My Trips without a page load', async ({
  page,
  request,
}) => {
  const rider = await createRider(request);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const scripts = await openWithoutTheApp(page, '/login');

  // The schemas arrive for the first check, and its messages are the app's.
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  expect(await scripts.withZod()).not.toEqual([]);

  await page.getByLabel('Email').fill(rider.email);
  await page.getByLabel('Password').fill(rider.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'My Trips', level: 1 })).toBeVisible();
  expect(await isSameDocument(page)).toBe(true);
  expect(errors).toEqual([]);
});

test('/login keeps an e-mail typed before the page came alive, and signs in with it', async ({
  page,
  request,
}) => {
  const rider = await createRider(request);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/island-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // Not 'domcontentloaded': that waits for the (held) module script.
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(rider.email);
  release();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  // A keystroke elsewhere renders the form again: the e-mail must survive it.
  await page.getByLabel('Password').fill(rider.password);
  await expect(page.getByLabel('Email')).toHaveValue(rider.email);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('/support loads without the app, and its login prompt opens /login without a page load', async ({
  page,
}) => {
  await openWithoutTheApp(page, '/support');
  await page.getByRole('link', { name: 'Log in to submit a ticket' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to AeroPool' })).toBeVisible();
  expect(await isSameDocument(page)).toBe(true);
});

for (const path of ['/privacy', '/tos']) {
  test(`${path} loads without the app, and "Return to Home" opens / without a page load`, async ({
    page,
  }) => {
    await openWithoutTheApp(page, path);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Share your airport cab.');
    expect(await isSameDocument(page)).toBe(true);
  });
}

// A form in pre-rendered markup, sent before the app runs, would go as a GET with its fields in
// the address (a password in the history and the server's logs): its submit button arrives
// disabled and is enabled by hydration.
for (const { path, button } of [
  { path: '/login', button: 'Sign In' },
  { path: '/signup', button: 'Generate OTP' },
]) {
  test(`${path}: the form cannot be sent before the app runs, and can once it does`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(path)).text();
    const submit = new RegExp(`<button type="submit" disabled=""[^>]*>${button}</button>`);
    expect(html).toMatch(submit);
    await page.goto(path);
    await expect(page.getByRole('button', { name: button })).toBeEnabled();
  });
}
