import { expect, test, type Browser } from '@playwright/test';
import { createRider, signInAs, type TestRider } from '../fixtures/accounts';
import {
  blockMapTiles,
  createDrop,
  detailsSection,
  openDashboard,
  PLACES,
  requestCard,
  riderEntry,
  showDetails,
  tripSlot,
  uniqueTag,
} from '../fixtures/trips';

const auth = (rider: TestRider) => ({ authorization: `Bearer ${rider.token}` });

async function dashboardOf(browser: Browser, rider: TestRider) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await blockMapTiles(page);
  await signInAs(page, rider);
  await openDashboard(page);
  return page;
}

test('a women-only request is offered to women only, and a man cannot make one', async ({
  browser,
  request,
}) => {
  const tag = uniqueTag();
  const w = await createRider(request, { firstName: `Wafa ${tag}`, lastName: 'Ali' });
  const x = await createRider(request, { firstName: `Xena ${tag}`, lastName: 'Das' });
  const m = await createRider(request, { firstName: `Manoj ${tag}`, lastName: 'Pai' });
  for (const [rider, gender] of [
    [w, 'woman'],
    [x, 'woman'],
    [m, 'man'],
  ] as const) {
    await request.put(`/api/user/${rider.id}`, { headers: auth(rider), data: { gender } });
  }
  const time = tripSlot();
  const created = await request.post('/api/ride-request/create', {
    headers: auth(w),
    data: {
      source: { name: 'Terminal 1', latitude: 13.1991, longitude: 77.7105, encodedString: '' },
      destination: { ...PLACES.koramangala, encodedString: '' },
      timeOfTravel: time,
      womenOnly: true,
    },
  });
  expect(created.status()).toBe(201);
  await createDrop(request, x, { place: PLACES.indiranagar, time: time + 5 * 60_000 });
  await createDrop(request, m, { place: PLACES.hsrLayout, time: time + 5 * 60_000 });

  // Manoj's request never sees Wafa's.
  const mPage = await dashboardOf(browser, m);
  const mCard = requestCard(mPage, 'Terminal 1 → HSR Layout');
  await showDetails(mCard);
  const mPotential = detailsSection(mCard, 'Potential Matches');
  await expect(riderEntry(mPotential, x)).toBeVisible();
  await expect(riderEntry(mPotential, w)).toHaveCount(0);
  // And his create form has no Women only box.
  await mPage.getByRole('button', { name: 'Create New Request' }).click();
  await expect(mPage.getByRole('dialog', { name: 'Create Ride Request' })).toBeVisible();
  await expect(mPage.getByLabel('Women only')).toHaveCount(0);

  // Xena sees it, marked.
  const xPage = await dashboardOf(browser, x);
  const xCard = requestCard(xPage, 'Terminal 1 → Indiranagar');
  await showDetails(xCard);
  const fromW = riderEntry(detailsSection(xCard, 'Potential Matches'), w);
  await expect(fromW).toBeVisible();
  await expect(fromW.getByText('Women only')).toBeVisible();
  await expect(riderEntry(detailsSection(xCard, 'Potential Matches'), m)).toBeVisible();

  // Wafa's own card says so, and her form offers the box.
  const wPage = await dashboardOf(browser, w);
  const wCard = requestCard(wPage, 'Terminal 1 → Koramangala');
  await expect(wCard.getByText('Women only')).toBeVisible();
  await showDetails(wCard);
  await expect(riderEntry(detailsSection(wCard, 'Potential Matches'), m)).toHaveCount(0);
  await wPage.getByRole('button', { name: 'Create New Request' }).click();
  await expect(wPage.getByLabel('Women only')).toBeVisible();
});
