import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createRider, signInAs, type TestRider } from '../fixtures/accounts';
import { E2E_BASE_URL } from '../fixtures/env';
import {
  blockMapTiles,
  createDrop,
  shownName,
  matchCards,
  matchThroughApi,
  PLACES,
  requestCard,
  setServerClock,
  statsOf,
  tripsOf,
  tripsTab,
  uniqueTag,
} from '../fixtures/trips';
import { escapeRegExp, toast } from '../fixtures/ui';

/**
 * Moves the shared server's clock two hours ahead, past trips set 30 and 40 minutes from now;
 * the 'clock' project runs this file alone, after every other spec.
 */
test.describe.configure({ mode: 'serial' });

const MINUTE = 60_000;

let api: APIRequestContext;
let a: TestRider;
let b: TestRider;
let c: TestRider;

test.beforeAll(async ({ playwright }) => {
  api = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  await setServerClock(api, 0);
  const tag = uniqueTag();
  a = await createRider(api, { firstName: `Anil ${tag}`, lastName: 'Kamath' });
  b = await createRider(api, { firstName: `Bindu ${tag}`, lastName: 'Hegde' });
  c = await createRider(api, { firstName: `Chitra ${tag}`, lastName: 'Pai' });

  const soon = Math.floor((Date.now() + 30 * MINUTE) / MINUTE) * MINUTE;
  const aRequest = await createDrop(api, a, { place: PLACES.koramangala, time: soon });
  const bRequest = await createDrop(api, b, {
    place: PLACES.indiranagar,
    time: soon + 5 * MINUTE,
  });
  await matchThroughApi(api, { rider: a, requestId: aRequest }, { rider: b, requestId: bRequest });
  // Never matched: it expires once its time passes.
  await createDrop(api, c, {
    terminal: 'Terminal 2',
    place: PLACES.hsrLayout,
    time: soon + 10 * MINUTE,
  });

  await setServerClock(api, 2 * 60 * MINUTE);
});

test.afterAll(async () => {
  await setServerClock(api, 0);
  await api.dispose();
});

const profileStat = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Profile Stats' })
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

test('after the trip, completing the match rates the co-passenger and counts the ride', async ({
  page,
}) => {
  await blockMapTiles(page);
  await signInAs(page, a);
  await page.goto('/dashboard');
  await expect(page.getByRole('tabpanel', { name: 'Upcoming Trips' })).toContainText(
    'No trips found',
  );

  // Issue 7: the tab's one trips request carries the ratings; no request per co-rider.
  const tabRequests: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.includes('/api/match-or-ride-request/past/') || url.endsWith('/api/rating/details'))
      tabRequests.push(new URL(url).pathname);
  });
  await tripsTab(page, 'Past Trips').click();
  const card = matchCards(page);
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('button', { name: 'Rate Now' })).toBeVisible();
  expect(tabRequests).toEqual([`/api/match-or-ride-request/past/${a.id}`]);
  await expect(
    card.getByRole('img', { name: 'Route map: Terminal 1 → Koramangala' }),
  ).toBeVisible();
  const riders = card.getByRole('region', { name: 'Matched Riders' });
  await expect(riders).toContainText(shownName(b));
  await expect(riders.getByRole('button', { name: 'Rate Now' })).toBeVisible();

  const status = card.getByRole('combobox', { name: 'Match status' });
  await expect(status.locator('option')).toHaveText(['Active', 'Cancelled', 'Completed']);
  await status.selectOption('Completed');

  const dialog = page.getByRole('dialog', { name: `Rate ${b.firstName}` });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Submit Rating' });
  await expect(submit).toBeDisabled();
  const fourStars = dialog.getByRole('radio', { name: '4 stars' });
  // The radio itself is visually hidden; a rider taps the star drawn in its label.
  await dialog.locator('label', { has: page.getByRole('radio', { name: '4 stars' }) }).click();
  await expect(fourStars).toBeChecked();
  await expect(dialog.getByText('😀 Very good')).toBeVisible();
  await expect(submit).toBeEnabled();
  await submit.click();

  // Spec §8 'Rated {name} with {n} stars', the name as riders see it ('Bindu H.').
  await expect(
    toast(page, 'with 4 stars').filter({
      hasText: new RegExp(`^Rated ${escapeRegExp(shownName(b))} with 4 stars$`),
    }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // Completed is final: a badge instead of the dropdown, and the stars given instead of Rate Now.
  await expect(status).toHaveCount(0);
  await expect(card).toContainText('Match status: Completed');
  await expect(riders.getByRole('img', { name: 'Rated 4 out of 5 stars' })).toBeVisible();
  await expect(riders.getByRole('button', { name: 'Rate Now' })).toHaveCount(0);

  await page.reload();
  await expect(card).toContainText('Match status: Completed');
  await expect(riders.getByRole('img', { name: 'Rated 4 out of 5 stars' })).toBeVisible();
  expect((await tripsOf(api, a, 'past'))[0]?.match?.status).toBe('Completed');

  await page.goto('/profile');
  await expect(profileStat(page, 'Rides Completed')).toHaveText('1');
  await expect(profileStat(page, 'Active')).toHaveText('0');

  expect(await statsOf(api, b)).toMatchObject({ completed: 1, averageRating: 4 });
});

test('an unmatched request whose time passed is on Past as Expired, read-only', async ({
  page,
}) => {
  await signInAs(page, c);
  await page.goto('/dashboard');
  await expect(page.getByRole('tabpanel', { name: 'Upcoming Trips' })).toContainText(
    'No trips found',
  );

  await tripsTab(page, 'Past Trips').click();
  const card = requestCard(page, 'Terminal 2 → HSR Layout');
  await expect(card).toBeVisible();
  await expect(card).toContainText('Status: Expired');
  await expect(card.getByRole('button', { name: 'Expired' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Trip actions' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /Details/ })).toHaveCount(0);
  expect((await tripsOf(api, c, 'past'))[0]?.rideRequest.status).toBe('Expired');
});
