import { expect, test } from '@playwright/test';

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

// Issue 7: the landing page loads React and its own code only; the router and the other pages
// come when the visitor heads for one, in the same document (no page load), and Back returns.
test('the landing page loads without the app, and hands over to it without a page load', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((script) => /\/assets\/landing-[\w-]+\.js$/.test(script))).toBe(true);
  expect(scripts.filter((script) => /\/assets\/(start|index)-[\w-]+\.js$/.test(script))).toEqual(
    [],
  );

  // A marker on the window survives only if the document is not reloaded.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Log In' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to AeroPool' })).toBeVisible();
  await expect(page).toHaveTitle('Log in · AeroPool');
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // The app is in charge now: its links navigate in place too, and Back shows the landing page.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Share your airport cab.');
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

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
