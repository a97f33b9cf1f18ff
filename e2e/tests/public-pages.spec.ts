import { expect, test } from '@playwright/test';

test('an unknown path shows the 404 page with a link home', async ({ page }) => {
  await page.goto('/no/such/page');
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
