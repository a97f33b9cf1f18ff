import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { createRider, signInAs, type TestRider } from '../fixtures/accounts';
import {
  apartText,
  blockMapTiles,
  chooseTripAction,
  collectPageErrors,
  createDrop,
  detailsSection,
  shownName,
  haversineMetres,
  kolkataInputValue,
  kolkataTripTime,
  matchCards,
  matchThroughApi,
  openDashboard,
  PLACES,
  requestCard,
  riderEntry,
  showDetails,
  tripsOf,
  tripSlot,
  tripsTab,
  uniqueTag,
} from '../fixtures/trips';
import { PHONE_AND_DESKTOP, toast } from '../fixtures/ui';
import { waitForMail } from '../fixtures/mail';

const MINUTE = 60_000;
/** A 1×1 transparent PNG. */
const BLANK_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const FARE_LINE = /Fare estimate: you pay ₹([\d,]+) shared vs ₹([\d,]+) solo, saving ₹([\d,]+)/;

const tabPanel = (page: Page, name: 'Upcoming Trips' | 'Past Trips') =>
  page.getByRole('tabpanel', { name });

/** `riderPage(rider)`: a signed-in page with its own storage and socket, closed after the test. */
const test = base.extend<{ riderPage: (rider: TestRider) => Promise<Page> }>({
  riderPage: async ({ browser, viewport }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (rider) => {
      // The test's viewport (a phone in the 390 px runs), not the default desktop.
      const context = await browser.newContext({ viewport });
      contexts.push(context);
      const page = await context.newPage();
      await blockMapTiles(page);
      await signInAs(page, rider);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

test.describe.configure({ mode: 'parallel' });

/** Fills and submits the create modal for an airport drop, picking the place with the mouse. */
async function createDropInUi(
  page: Page,
  { search, place, time }: { search: string; place: string; time: number },
) {
  await page.getByRole('button', { name: 'Create New Request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Ride Request' });
  await dialog.getByRole('combobox', { name: 'Destination' }).fill(search);
  await dialog
    .getByRole('listbox', { name: 'Suggested places' })
    .getByRole('option', { name: place, exact: true })
    .click();
  await dialog.getByLabel('Date and time').fill(kolkataInputValue(time));
  await dialog.getByRole('button', { name: 'Create Request' }).click();
  await expect(toast(page, 'Ride request created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('signed out, /dashboard redirects to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('a rider without trips sees "No trips found" on both tabs', async ({ page, request }) => {
  const rider = await createRider(request);
  await signInAs(page, rider);
  await page.goto('/dashboard');

  await expect(page.getByRole('heading', { name: 'My Trips', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create New Request' })).toBeVisible();
  await expect(tripsTab(page, 'Upcoming Trips')).toHaveAttribute('aria-selected', 'true');
  await expect(tabPanel(page, 'Upcoming Trips').getByText('No trips found')).toBeVisible();

  await tripsTab(page, 'Past Trips').click();
  await expect(tripsTab(page, 'Past Trips')).toHaveAttribute('aria-selected', 'true');
  await expect(tripsTab(page, 'Upcoming Trips')).toHaveAttribute('aria-selected', 'false');
  await expect(page).toHaveURL(/\/dashboard\?tab=past$/);
  await expect(tabPanel(page, 'Past Trips').getByText('No trips found')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
});

test('opened cold, My Trips fetches its own code beside the app entry, not after it', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/dashboard')).text();
  expect(html).toMatch(
    /<link rel="modulepreload" crossorigin href="\/assets\/dashboard-page-[\w-]+\.js">/,
  );
  expect(html).toContain('<title>My Trips · AeroPool</title>');
  const rider = await createRider(request);
  await signInAs(page, rider);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/dashboard');
  await expect(tabPanel(page, 'Upcoming Trips').getByText('No trips found')).toBeVisible();
  expect(errors).toEqual([]);
});

/**
 * Before the first trip card shows: the page's scripts and styles (after `since`, from navigation
 * start), read from the page's resource timings and recorded by `watchFirstCard`.
 */
async function assetsBeforeFirstCard(page: Page, since = 0): Promise<string[]> {
  const { cardAt, names } = await page.evaluate((start) => {
    const cardAt = Reflect.get(window, 'e2eFirstCardAt') as number | undefined;
    const names = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime >= start && entry.startTime < (cardAt ?? 0))
      .map((entry) => entry.name);
    return { cardAt, names };
  }, since);
  // Without the card's time every list would be empty, and the tests below would pass unread.
  expect(cardAt, 'the first card was seen').toEqual(expect.any(Number));
  return names.filter((name) => /\/assets\/.*\.(js|css)$/.test(new URL(name).pathname));
}

/** Records when a trip card first enters the tab panel, as `e2eFirstCardAt`. */
const watchFirstCard = () =>
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[role="tabpanel"] article')) return;
    Reflect.set(window, 'e2eFirstCardAt', performance.now());
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });

test('a signed-in rider’s tabs load their code while the browser is idle: a tap on Trips fetches no script', async ({
  page,
  request,
}) => {
  const rider = await createRider(request);
  await createDrop(request, rider, { place: PLACES.koramangala, time: Date.now() + 180 * MINUTE });
  await signInAs(page, rider);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  // Profile's own HTML preloads only its own code: the Trips page's comes with the idle time.
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /\/dashboard-page-/.test(entry.name)),
      ),
    )
    .toBe(true);
  const tappedAt = await page.evaluate(() => performance.now());
  await page.evaluate(watchFirstCard);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trips' }).click();
  await expect(tabPanel(page, 'Upcoming Trips').getByRole('article')).toHaveCount(1);
  // What the page fetches once it shows (the request form's code, when idle) is not waited for.
  expect(await assetsBeforeFirstCard(page, tappedAt)).toEqual([]);
});

test('My Trips shows its first card without the request form’s code, the schemas or Leaflet; a match card’s map brings Leaflet', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const [rider, other] = [
    await createRider(request, { firstName: 'Meera', lastName: `Rao ${tag}` }),
    await createRider(request, { firstName: 'Nikhil', lastName: `Das ${tag}` }),
  ];
  const time = tripSlot();
  const riderRequest = await createDrop(request, rider, { place: PLACES.koramangala, time });
  // A blank tile for every map tile: the map stays a Leaflet map instead of its offline sketch.
  await page.route(/\.tile\.openstreetmap\.org\//, (route) =>
    route.fulfill({ contentType: 'image/png', body: BLANK_PNG }),
  );
  await page.addInitScript(watchFirstCard);
  await signInAs(page, rider);
  await page.goto('/dashboard');
  await expect(requestCard(page, 'Terminal 1 → Koramangala')).toBeVisible();
  const assets = await assetsBeforeFirstCard(page);
  expect(assets.length, 'the page’s own code').toBeGreaterThan(0);
  for (const url of assets) {
    const code = await (await page.request.get(url)).text();
    expect(code.includes('Me + 1 companion'), `the form's code in ${url}`).toBe(false);
    expect(code.includes('leaflet-container'), `Leaflet in ${url}`).toBe(false);
    // The schemas validate what riders send; showing trips needs none of them.
    expect(code.includes('__zod_globalRegistry'), `zod in ${url}`).toBe(false);
  }
  await page.getByRole('button', { name: 'Create New Request' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Create Ride Request' }).getByText('Me + 1 companion'),
  ).toBeAttached();
  await page.keyboard.press('Escape');

  const otherRequest = await createDrop(request, other, { place: PLACES.indiranagar, time });
  await matchThroughApi(
    request,
    { rider: other, requestId: otherRequest },
    { rider, requestId: riderRequest },
  );
  await page.reload();
  const map = matchCards(page).getByRole('img', { name: 'Route map: Terminal 1 → Koramangala' });
  await expect(map.locator('.leaflet-container')).toBeVisible();
});

test.describe('on a device whose clock is set to New York time', () => {
  // Ride times are Bengaluru time whatever zone the browser is in (spec §9).
  test.use({ timezoneId: 'America/New_York' });

  test('create a drop, edit it, and cancel it', async ({ page, request }) => {
    const rider = await createRider(request);
    await signInAs(page, rider);
    await page.goto('/dashboard');
    await expect(tabPanel(page, 'Upcoming Trips').getByText('No trips found')).toBeVisible();

    await page.getByRole('button', { name: 'Create New Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Ride Request' });
    await expect(
      dialog.getByRole('radio', { name: 'From the airport (pickup at T1/T2)' }),
    ).toBeChecked();
    await expect(
      dialog.getByRole('radio', { name: 'To the airport (drop at T1/T2)' }),
    ).not.toBeChecked();

    await dialog.getByRole('button', { name: 'Create Request' }).click();
    await expect(toast(page, 'Please fill in all fields.')).toBeVisible();
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Terminal', { exact: true }).selectOption({ label: 'Terminal 2' });
    const destination = dialog.getByRole('combobox', { name: 'Destination' });
    await destination.fill('koramangla');
    const suggestions = dialog.getByRole('listbox', { name: 'Suggested places' });
    await expect(suggestions.getByRole('option').first()).toHaveText('Koramangala');
    await destination.press('ArrowDown');
    await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await destination.press('Enter');
    await expect(suggestions).toBeHidden();
    await expect(destination).toHaveValue('Koramangala');
    await expect(dialog).toBeVisible();

    // About a day ahead, a whole minute, typed as Bengaluru wall-clock time.
    const when = Math.floor((Date.now() + 25 * 60 * MINUTE) / MINUTE) * MINUTE;
    await dialog.getByLabel('Date and time').fill(kolkataInputValue(when));
    await dialog.getByRole('button', { name: 'Create Request' }).click();
    await expect(toast(page, 'Ride request created successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = requestCard(page, 'Terminal 2 → Koramangala');
    await expect(card).toBeVisible();
    // Issue 9: the mode is named with its terminal, so nobody reads it the wrong way round.
    await expect(card).toContainText('From the airport (pickup at T2)');
    await expect(card.locator('time')).toHaveText(kolkataTripTime(when));
    await expect(card.locator('time')).toHaveAttribute('datetime', new Date(when).toISOString());
    await expect(card).toContainText('Status: Active');
    const [created] = await tripsOf(request, rider, 'upcoming');
    expect(created?.rideRequest).toMatchObject({
      timeOfTravel: when,
      source: { name: 'Terminal 2' },
      destination: { name: 'Koramangala' },
    });

    // Edit: the form opens with the stored values, Bengaluru time included.
    await chooseTripAction(card, 'Edit Request');
    const edit = page.getByRole('dialog', { name: 'Edit Ride Request' });
    await expect(edit.getByLabel('Terminal', { exact: true }).locator('option:checked')).toHaveText(
      'Terminal 2',
    );
    const editDestination = edit.getByRole('combobox', { name: 'Destination' });
    await expect(editDestination).toHaveValue('Koramangala');
    await expect(edit.getByLabel('Date and time')).toHaveValue(kolkataInputValue(when));
    await editDestination.fill('HSR');
    await edit
      .getByRole('listbox', { name: 'Suggested places' })
      .getByRole('option', { name: 'HSR Layout', exact: true })
      .click();
    await expect(editDestination).toHaveValue('HSR Layout');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Ride request updated successfully!')).toBeVisible();
    await expect(edit).toBeHidden();

    const edited = requestCard(page, 'Terminal 2 → HSR Layout');
    await expect(edited).toBeVisible();
    await expect(requestCard(page, 'Terminal 2 → Koramangala')).toHaveCount(0);
    await expect(edited.locator('time')).toHaveText(kolkataTripTime(when));

    // Cancel: Keep Request changes nothing; Yes cancels it.
    await chooseTripAction(edited, 'Cancel Request');
    const confirm = page.getByRole('dialog', { name: 'Cancel this ride request?' });
    await expect(confirm).toContainText('Terminal 2 → HSR Layout');
    await confirm.getByRole('button', { name: 'Keep Request' }).click();
    await expect(confirm).toBeHidden();
    await expect(edited).toBeVisible();

    await chooseTripAction(edited, 'Cancel Request');
    await confirm.getByRole('button', { name: 'Yes, Cancel Request' }).click();
    await expect(toast(page, 'Ride request canceled successfully')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(tabPanel(page, 'Upcoming Trips').getByText('No trips found')).toBeVisible();
    expect(await tripsOf(request, rider, 'upcoming')).toEqual([]);
  });
});

test('two riders match: send, live incoming request, accept, and both get the match', async ({
  riderPage,
  request,
}) => {
  const tag = uniqueTag();
  const a = await createRider(request, { firstName: `Aarav ${tag}`, lastName: 'Menon' });
  const b = await createRider(request, { firstName: `Bhavna ${tag}`, lastName: 'Iyer' });
  const time = tripSlot();
  await createDrop(request, b, { place: PLACES.indiranagar, time: time + 10 * MINUTE });

  const aPage = await riderPage(a);
  const bPage = await riderPage(b);
  const aErrors = collectPageErrors(aPage);
  const bErrors = collectPageErrors(bPage);
  await openDashboard(aPage);
  await createDropInUi(aPage, { search: 'Koramangala', place: 'Koramangala', time });
  const aCard = requestCard(aPage, 'Terminal 1 → Koramangala');
  await expect(aCard.locator('time')).toHaveText(kolkataTripTime(time));
  const [aTrip] = await tripsOf(request, a, 'upcoming');
  const apart = apartText(haversineMetres(aTrip!.rideRequest.destination, PLACES.indiranagar));

  // B is on My Trips with the details open before anything is sent.
  await openDashboard(bPage);
  const bCard = requestCard(bPage, 'Terminal 1 → Indiranagar');
  // Survives only while neither page reloads: every update below must arrive live.
  for (const page of [aPage, bPage]) await page.evaluate(() => Reflect.set(window, 'e2eLive', 1));
  await showDetails(bCard);
  await expect(detailsSection(bCard, 'Incoming Requests')).toContainText('No incoming requests.');

  // A finds B among the potential matches, with score, distance and fare.
  await showDetails(aCard);
  const potential = riderEntry(detailsSection(aCard, 'Potential Matches'), b);
  await expect(potential).toBeVisible();
  await expect(potential).toContainText('Indiranagar');
  await expect(potential.getByText(/^\d{1,3}% match$/)).toBeVisible();
  await expect(potential.getByText(apart, { exact: true })).toBeVisible();
  await expect(potential.locator('time')).toHaveText(kolkataTripTime(time + 10 * MINUTE));
  const fare = FARE_LINE.exec((await potential.getByText(FARE_LINE).textContent()) ?? '');
  const [shared, solo, saving] = [fare?.[1], fare?.[2], fare?.[3]].map((v) =>
    Number(v?.replace(/,/g, '')),
  );
  expect(shared).toBeGreaterThan(0);
  expect(shared).toBeLessThan(solo!);
  expect(saving).toBe(solo! - shared!);
  await expect(
    potential.getByText(
      // A is at the kerb 10 minutes before B: the cab leaves with B, and A's wait counts.
      /^Cab leaves the airport ~\d{1,2}:\d{2} [ap]m( on \w{3}, \d{1,2} \w{3})? · dropped (first|second) ~\d{1,2}:\d{2} [ap]m( on \w{3}, \d{1,2} \w{3})? · \+\d+ min for you, incl\. 10 min wait$/,
    ),
  ).toBeVisible();

  await potential.getByRole('button', { name: 'Send Request' }).click();
  await expect(toast(aPage, 'Match request sent successfully')).toBeVisible();
  await expect(potential).toHaveCount(0);
  const outgoing = riderEntry(detailsSection(aCard, 'Outgoing Requests'), b);
  await expect(outgoing).toBeVisible();
  await expect(outgoing).toContainText('Pending');
  await expect(outgoing.getByRole('button', { name: 'Cancel' })).toBeVisible();

  // B's open page gets it over the socket, without a reload.
  const incoming = riderEntry(detailsSection(bCard, 'Incoming Requests'), a);
  await expect(incoming).toBeVisible();
  await expect(incoming).toContainText('Koramangala');
  await expect(incoming.getByText(/^\d{1,3}% match$/)).toBeVisible();
  await expect(incoming.getByText(apart, { exact: true })).toBeVisible();
  await expect(riderEntry(detailsSection(bCard, 'Potential Matches'), a)).toHaveCount(0);

  await incoming.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(bPage, 'Match accepted successfully')).toBeVisible();

  const [aMatched] = await tripsOf(request, a, 'upcoming');
  const matchId = aMatched?.match?._id;
  expect(matchId).toBeTruthy();
  expect((await tripsOf(request, b, 'upcoming'))[0]?.match?._id).toBe(matchId);

  // Both pages turn the request into a match card; A's without a reload.
  for (const [page, me, other, route, otherPlace] of [
    [aPage, a, b, 'Terminal 1 → Koramangala', 'Indiranagar'],
    [bPage, b, a, 'Terminal 1 → Indiranagar', 'Koramangala'],
  ] as const) {
    const card = matchCards(page);
    await expect(card).toHaveCount(1);
    await expect(requestCard(page, route)).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Chat Now' })).toHaveAttribute(
      'href',
      `/chat/${matchId}`,
    );
    await expect(card.getByRole('img', { name: `Route map: ${route}` })).toBeVisible();
    const riders = card.getByRole('region', { name: 'Matched Riders' });
    await expect(riders).toContainText(shownName(other));
    await expect(riders).toContainText(otherPlace);
    await expect(riders).not.toContainText(shownName(me));
    await expect(riders.getByText('Rate after the trip')).toBeVisible();
    const status = card.getByRole('combobox', { name: 'Match status' });
    await expect(status).toHaveValue('Active');
    // Completed is offered on the Past tab only (spec §9).
    await expect(status.locator('option')).toHaveText(['Active', 'Cancelled']);
  }

  for (const page of [aPage, bPage]) {
    expect(await page.evaluate(() => Reflect.get(window, 'e2eLive'))).toBe(1);
  }
  await matchCards(aPage).getByRole('link', { name: 'Chat Now' }).click();
  await expect(aPage).toHaveURL(new RegExp(`/chat/${matchId}$`));
  expect(aErrors).toEqual([]);
  expect(bErrors).toEqual([]);
});

// The trip-state rules of issue 9, on a desktop and on a phone.
for (const viewport of PHONE_AND_DESKTOP) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a declined request shows as Declined to its sender, live and by mail, and a withdrawn one leaves both sides live', async ({
      riderPage,
      request,
    }) => {
      const tag = uniqueTag();
      const c = await createRider(request, { firstName: `Chetan ${tag}`, lastName: 'Gowda' });
      const d = await createRider(request, { firstName: `Divya ${tag}`, lastName: 'Shetty' });
      const e = await createRider(request, { firstName: `Esha ${tag}`, lastName: 'Kulkarni' });
      const time = tripSlot();
      await createDrop(request, c, { place: PLACES.koramangala, time });
      await createDrop(request, d, { place: PLACES.indiranagar, time: time + 5 * MINUTE });
      await createDrop(request, e, { place: PLACES.hsrLayout, time: time + 10 * MINUTE });

      const [cPage, dPage, ePage] = await Promise.all([c, d, e].map((rider) => riderPage(rider)));
      const cards = {
        c: requestCard(cPage!, 'Terminal 1 → Koramangala'),
        d: requestCard(dPage!, 'Terminal 1 → Indiranagar'),
        e: requestCard(ePage!, 'Terminal 1 → HSR Layout'),
      };
      for (const [page, card] of [
        [cPage!, cards.c],
        [dPage!, cards.d],
        [ePage!, cards.e],
      ] as const) {
        await openDashboard(page);
        await showDetails(card);
      }

      const cPotential = detailsSection(cards.c, 'Potential Matches');
      const cOutgoing = detailsSection(cards.c, 'Outgoing Requests');
      await riderEntry(cPotential, d).getByRole('button', { name: 'Send Request' }).click();
      await expect(toast(cPage!, 'Match request sent successfully')).toBeVisible();
      await expect(riderEntry(cOutgoing, d)).toBeVisible();
      await riderEntry(cPotential, e).getByRole('button', { name: 'Send Request' }).click();
      await expect(riderEntry(cOutgoing, e)).toBeVisible();
      await expect(cOutgoing.getByRole('listitem')).toHaveCount(2);

      // D declines: gone from D's incoming; C is told live, sees it as Declined (nothing to cancel)
      // and gets a mail; the two are no longer offered to each other for these rides.
      const declinedAt = Date.now();
      const dIncoming = detailsSection(cards.d, 'Incoming Requests');
      await riderEntry(dIncoming, c).getByRole('button', { name: 'Decline' }).click();
      await expect(toast(dPage!, 'Match declined successfully')).toBeVisible();
      await expect(dIncoming).toContainText('No incoming requests.');
      await expect(toast(cPage!, `${shownName(d)} declined your match request.`)).toBeVisible();
      const declined = riderEntry(cOutgoing, d);
      await expect(declined).toContainText('Request status: Declined');
      await expect(declined.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
      await expect(riderEntry(cPotential, d)).toHaveCount(0);
      await expect(riderEntry(detailsSection(cards.d, 'Potential Matches'), c)).toHaveCount(0);
      await waitForMail(c.email, { since: declinedAt - 1000, subject: /was declined/ });

      // C withdraws the request to E: E's open page drops it without a reload, and E's bell no
      // longer counts it.
      const eIncoming = detailsSection(cards.e, 'Incoming Requests');
      await expect(riderEntry(eIncoming, c)).toBeVisible();
      const eBell = ePage!.getByRole('button', { name: /^Notifications/ });
      await expect(eBell).toHaveAccessibleName('Notifications, 1 unread');
      await riderEntry(cOutgoing, e).getByRole('button', { name: 'Cancel' }).click();
      await expect(riderEntry(cOutgoing, e)).toHaveCount(0);
      await expect(cOutgoing.getByRole('listitem')).toHaveCount(1);
      await expect(riderEntry(cPotential, e)).toBeVisible();
      await expect(riderEntry(eIncoming, c)).toHaveCount(0);
      await expect(eIncoming).toContainText('No incoming requests.');
      await expect(riderEntry(detailsSection(cards.e, 'Potential Matches'), c)).toBeVisible();
      await expect(eBell).toHaveAccessibleName('Notifications');
    });

    test('cancelling a match frees the other rider to match again', async ({
      riderPage,
      request,
    }) => {
      const tag = uniqueTag();
      const f = await createRider(request, { firstName: `Farhan ${tag}`, lastName: 'Qureshi' });
      const g = await createRider(request, { firstName: `Gauri ${tag}`, lastName: 'Nair' });
      const h = await createRider(request, { firstName: `Harish ${tag}`, lastName: 'Reddy' });
      const time = tripSlot();
      const fRequest = await createDrop(request, f, { place: PLACES.koramangala, time });
      const gRequest = await createDrop(request, g, {
        place: PLACES.indiranagar,
        time: time + 10 * MINUTE,
      });
      await createDrop(request, h, { place: PLACES.hsrLayout, time: time + 15 * MINUTE });
      await matchThroughApi(
        request,
        { rider: f, requestId: fRequest },
        { rider: g, requestId: gRequest },
      );

      const fPage = await riderPage(f);
      const gPage = await riderPage(g);
      await openDashboard(fPage);
      await openDashboard(gPage);
      await expect(matchCards(gPage)).toHaveCount(1);
      // G is in the chat when F cancels, and comes back to My Trips from there.
      await matchCards(gPage).getByRole('link', { name: 'Chat Now' }).click();
      await expect(gPage).toHaveURL(/\/chat\//);
      const fCard = matchCards(fPage);
      const status = fCard.getByRole('combobox', { name: 'Match status' });

      // Go Back leaves the match as it was.
      await status.selectOption('Cancelled');
      const confirm = fPage.getByRole('dialog', { name: 'Cancel this ride?' });
      await confirm.getByRole('button', { name: 'Go Back' }).click();
      await expect(confirm).toBeHidden();
      await expect(status).toHaveValue('Active');

      const cancelledAt = Date.now();
      await status.selectOption('Cancelled');
      await expect(
        confirm.getByRole('checkbox', { name: /Also cancel my ride request/ }),
      ).not.toBeChecked();
      await confirm.getByRole('button', { name: 'Yes, Cancel Ride' }).click();
      await expect(confirm).toBeHidden();
      // F did not tick the box: F's request is open again on Upcoming.
      const fRequestCard = requestCard(fPage, 'Terminal 1 → Koramangala');
      await expect(fRequestCard).toContainText('Status: Active');

      // G is told at once, in the chat too, and by mail; back on My Trips (its list loaded seconds
      // ago) the match has turned back into an Active request.
      await expect(
        toast(
          gPage,
          `${shownName(f)} cancelled your shared ride. Your ride request is open again.`,
        ),
      ).toBeVisible();
      await gPage.goBack();
      await expect(gPage).toHaveURL(/\/dashboard/);
      await waitForMail(g.email, {
        since: cancelledAt - 1000,
        subject: /cancelled your shared ride/,
      });
      await expect(matchCards(gPage)).toHaveCount(0);
      const gCard = requestCard(gPage, 'Terminal 1 → Indiranagar');
      await expect(gCard).toBeVisible();
      await expect(gCard).toContainText('Status: Active');
      await expect(gCard.getByRole('button', { name: 'Trip actions' })).toBeVisible();
      await showDetails(gCard);
      const gPotential = detailsSection(gCard, 'Potential Matches');
      await expect(riderEntry(gPotential, f)).toHaveCount(0);
      await riderEntry(gPotential, h).getByRole('button', { name: 'Send Request' }).click();
      await expect(toast(gPage, 'Match request sent successfully')).toBeVisible();
      await expect(riderEntry(detailsSection(gCard, 'Outgoing Requests'), h)).toBeVisible();
    });

    test('cancelling with "Also cancel my ride request" files the match on Past as Cancelled', async ({
      riderPage,
      request,
    }) => {
      const tag = uniqueTag();
      const i = await createRider(request, { firstName: `Ira ${tag}`, lastName: 'Bhat' });
      const j = await createRider(request, { firstName: `Jai ${tag}`, lastName: 'Rao' });
      const time = tripSlot();
      const iRequest = await createDrop(request, i, { place: PLACES.koramangala, time });
      const jRequest = await createDrop(request, j, { place: PLACES.indiranagar, time });
      await matchThroughApi(
        request,
        { rider: i, requestId: iRequest },
        { rider: j, requestId: jRequest },
      );

      const iPage = await riderPage(i);
      await openDashboard(iPage);
      await matchCards(iPage)
        .getByRole('combobox', { name: 'Match status' })
        .selectOption('Cancelled');
      const confirm = iPage.getByRole('dialog', { name: 'Cancel this ride?' });
      await confirm.getByRole('checkbox', { name: /Also cancel my ride request/ }).check();
      await confirm.getByRole('button', { name: 'Yes, Cancel Ride' }).click();
      await expect(confirm).toBeHidden();
      await expect(tabPanel(iPage, 'Upcoming Trips').getByText('No trips found')).toBeVisible();

      // I keeps the cancelled match on Past, read-only.
      await tripsTab(iPage, 'Past Trips').click();
      const cancelled = matchCards(iPage);
      await expect(cancelled).toHaveCount(1);
      await expect(cancelled).toContainText('Match status: Cancelled');
      await expect(cancelled.getByRole('combobox', { name: 'Match status' })).toHaveCount(0);
      await expect(cancelled.getByRole('button', { name: 'Rate Now' })).toHaveCount(0);
    });
  });
}

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  test('My Trips has no sideways scroll and the create modal works', async ({ page, request }) => {
    const tag = uniqueTag();
    const m = await createRider(request, { firstName: `Meera ${tag}`, lastName: 'Subramaniam' });
    const n = await createRider(request, { firstName: `Naveen ${tag}`, lastName: 'Krishnamurthy' });
    const time = tripSlot();
    await createDrop(request, m, { place: PLACES.koramangala, time });
    const mMatched = await createDrop(request, m, {
      place: PLACES.hsrLayout,
      time: time + 24 * 60 * MINUTE,
    });
    const nMatched = await createDrop(request, n, {
      place: PLACES.indiranagar,
      time: time + 24 * 60 * MINUTE + 5 * MINUTE,
    });
    await matchThroughApi(
      request,
      { rider: n, requestId: nMatched },
      { rider: m, requestId: mMatched },
    );

    await blockMapTiles(page);
    await signInAs(page, m);
    await openDashboard(page);
    const card = requestCard(page, 'Terminal 1 → Koramangala');
    await expect(card).toBeVisible();
    await expect(matchCards(page)).toHaveCount(1);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await showDetails(card);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Create New Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Ride Request' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);

    await dialog.getByRole('radio', { name: 'To the airport (drop at T1/T2)' }).click();
    await expect(
      dialog.getByRole('radio', { name: 'To the airport (drop at T1/T2)' }),
    ).toBeChecked();
    await dialog.getByRole('combobox', { name: 'Pickup location' }).fill('Indira');
    await dialog
      .getByRole('listbox', { name: 'Suggested places' })
      .getByRole('option', { name: 'Indiranagar', exact: true })
      .click();
    const pickupTime = time + 2 * 24 * 60 * MINUTE;
    await dialog.getByLabel('Date and time').fill(kolkataInputValue(pickupTime));
    await dialog.getByRole('button', { name: 'Create Request' }).click();
    await expect(toast(page, 'Ride request created successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    const pickup = requestCard(page, 'Indiranagar → Terminal 1');
    await expect(pickup).toBeVisible();
    await expect(pickup).toContainText('To the airport (drop at T1)');
    await expect(pickup.locator('time')).toHaveText(kolkataTripTime(pickupTime));
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
  });
});
