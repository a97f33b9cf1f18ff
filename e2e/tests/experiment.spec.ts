import { expect, test } from '@playwright/test';

test.beforeEach(async ({ page }) => {
  // No map tiles offline: the map shows its text fallback.
  await page.route('**/tile.openstreetmap.org/**', (route) => route.abort());
});

test('/experiment runs one query through two providers side by side', async ({ page }) => {
  await page.goto('/experiment');
  await expect(page.getByRole('heading', { name: 'Location search experiment' })).toBeVisible();
  await page.getByLabel('Search query').fill('koramangla');

  const left = page.getByRole('region', { name: 'Left results' });
  const right = page.getByRole('region', { name: 'Right results' });
  for (const side of [left, right]) {
    await expect(side.getByRole('listitem').first()).toContainText('Koramangala');
    await expect(side.getByText(/\d+ ms/).first()).toBeVisible();
    await expect(side.getByText(/200 · OK/)).toBeVisible();
  }
  await expect(page.getByText(/appear on both sides/)).toBeVisible();
  await expect(page.getByText('Terminal 1 → Koramangala').first()).toBeVisible();
});

test('/experiment explains the minimum query length', async ({ page }) => {
  await page.goto('/experiment');
  await page.getByLabel('Search query').fill('ko');
  await expect(
    page.getByText('Type at least 3 characters to compare the two providers.'),
  ).toBeVisible();
});
