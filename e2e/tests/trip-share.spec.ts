import { expect, test, type APIRequestContext } from '@playwright/test';
import { createRider, signInAs } from '../fixtures/accounts';
import {
  blockMapTiles,
  createDrop,
  matchCards,
  matchThroughApi,
  openDashboard,
  PLACES,
  tripSlot,
  uniqueTag,
} from '../fixtures/trips';
import { toast } from '../fixtures/ui';

/** Two riders with Active drops at the same time, matched through the API. */
async function matchedRiders(request: APIRequestContext, first: string, second: string) {
  const tag = uniqueTag();
  const [f, g] = [
    await createRider(request, { firstName: first, lastName: `Khan ${tag}` }),
    await createRider(request, { firstName: second, lastName: `Iyer ${tag}` }),
  ];
  const time = tripSlot();
  const fRequest = await createDrop(request, f, { place: PLACES.koramangala, time });
  const gRequest = await createDrop(request, g, { place: PLACES.indiranagar, time });
  const matchId = await matchThroughApi(
    request,
    { rider: f, requestId: fRequest },
    { rider: g, requestId: gRequest },
  );
  return { f, g, matchId };
}

test('a trip link for family shows the trip signed out and follows a cancellation live', async ({
  browser,
  request,
}) => {
  const { f, g, matchId } = await matchedRiders(request, 'Farida', 'Gopal');

  const riderContext = await browser.newContext();
  const page = await riderContext.newPage();
  await blockMapTiles(page);
  await signInAs(page, f);
  await openDashboard(page);
  const card = matchCards(page);
  await expect(card.getByRole('link', { name: 'Emergency: call 112' })).toHaveAttribute(
    'href',
    'tel:112',
  );
  await card.getByRole('button', { name: 'Share trip with family' }).click();
  await expect(toast(page, 'Trip link created. Share it with family or a friend.')).toBeVisible();
  const link = await card.getByLabel('Trip link for family').inputValue();
  expect(link).toMatch(/\/trip\/[A-Za-z0-9_-]{43}$/);
  await expect(card.getByRole('button', { name: 'Stop sharing' })).toBeVisible();
  // Only one link is live at a time: the rider is told before making another.
  await expect(card).toContainText('A new trip link turns off the one you shared before.');

  // Family opens it with no account.
  const familyContext = await browser.newContext();
  const family = await familyContext.newPage();
  await family.goto(link);
  await expect(family.getByRole('heading', { name: 'Farida’s airport trip' })).toBeVisible();
  await expect(
    family.getByRole('status').filter({ hasText: 'Matched: sharing a cab' }),
  ).toBeVisible();
  await expect(family.getByText('Gopal', { exact: true })).toBeVisible();
  await expect(family.getByText(/Koramangala/)).toBeVisible();
  await expect(family.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  // One target for the skip link.
  await expect(family.locator('#page-content')).toHaveCount(1);
  const body = await family.locator('body').innerText();
  for (const hidden of [f.email, g.email, 'Khan', 'Iyer']) expect(body).not.toContain(hidden);

  // Gopal cancels: the family page says so without a reload.
  const cancelled = await request.put(`/api/match/${matchId}`, {
    headers: { authorization: `Bearer ${g.token}` },
    data: { status: 'Cancelled' },
  });
  expect(cancelled.status()).toBe(200);
  await expect(family.getByRole('status').filter({ hasText: 'Match cancelled' })).toBeVisible({
    timeout: 15_000,
  });
  // The cab is off: whoever left it is no longer named.
  await expect(family.getByText('Gopal', { exact: true })).toHaveCount(0);
  await expect(
    family.getByText(
      'Farida can turn the link off at any time; it stops working 6 hours after the trip, or sooner if the ride is changed.',
    ),
  ).toBeVisible();

  // Farida's ride is back on its own, with no match card: its card turns the link off.
  await page.reload();
  const ride = page.getByRole('article').filter({ hasText: 'Koramangala' });
  await expect(ride).toContainText('Status: Active');
  await expect(ride).toContainText('The trip link you shared is on until');
  await expect(ride).toContainText('and shows that the match ended.');
  await expect(ride).not.toContainText('A new trip link turns off the one you shared before.');
  await ride.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(toast(page, 'Trip link turned off.')).toBeVisible();
  await expect(ride.getByRole('button', { name: 'Stop sharing' })).toHaveCount(0);
  await expect(family.getByRole('heading', { name: 'Trip link unavailable' })).toBeVisible({
    timeout: 15_000,
  });

  await riderContext.close();
  await familyContext.close();
});

test('a turned-off trip link says so', async ({ browser, request }) => {
  const { f, matchId } = await matchedRiders(request, 'Hema', 'Imran');
  const created = await request.post(`/api/match/${matchId}/share`, {
    headers: { authorization: `Bearer ${f.token}` },
  });
  const { path } = (await created.json()).entities[0];
  await request.delete(`/api/match/${matchId}/share`, {
    headers: { authorization: `Bearer ${f.token}` },
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Trip link unavailable' })).toBeVisible();
  await expect(page.getByText('This trip link has expired or was turned off.')).toBeVisible();
  await context.close();
});

test('a trip link keeps the trip on screen through a failed refresh, and ends live when turned off', async ({
  browser,
  request,
}) => {
  const { f, matchId } = await matchedRiders(request, 'Jaya', 'Kiran');
  const created = await request.post(`/api/match/${matchId}/share`, {
    headers: { authorization: `Bearer ${f.token}` },
  });
  const { path } = (await created.json()).entities[0];
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  const heading = page.getByRole('heading', { name: 'Jaya’s airport trip' });
  await expect(heading).toBeVisible();

  // The family's phone loses the server for a while: the trip stays, with a note.
  await page.route('**/api/trip/**', (route) => route.abort('internetdisconnected'));
  const note = page.getByRole('status').filter({ hasText: 'Could not refresh the trip just now' });
  await expect(note).toBeVisible({ timeout: 15_000 });
  await expect(heading).toBeVisible();
  await page.unroute('**/api/trip/**');
  await expect(note).toBeHidden({ timeout: 30_000 });

  await request.delete(`/api/match/${matchId}/share`, {
    headers: { authorization: `Bearer ${f.token}` },
  });
  await expect(page.getByRole('heading', { name: 'Trip link unavailable' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('This trip link has expired or was turned off.')).toBeVisible();
  await context.close();
});
