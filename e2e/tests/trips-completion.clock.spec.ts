import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createRider, signInAs, type TestRider } from '../fixtures/accounts';
import { E2E_BASE_URL } from '../fixtures/env';
import { chat, openChat } from '../fixtures/chat';
import {
  blockMapTiles,
  createDrop,
  detailsSection,
  openDashboard,
  riderEntry,
  showDetails,
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
import { escapeRegExp, PHONE_AND_DESKTOP, toast } from '../fixtures/ui';
import { waitForMail } from '../fixtures/mail';

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

/** Rates `rider` with `stars` in an open rating dialog (the star drawn in the radio's label). */
async function rateIn(dialog: ReturnType<Page['getByRole']>, rider: TestRider, stars: number) {
  const group = dialog.getByRole('group', { name: shownName(rider) });
  await group
    .locator('label', { has: dialog.page().getByRole('radio', { name: `${stars} stars` }) })
    .click();
}

test('three riders in three browsers form one cab, chat together and rate each other', async ({
  browser,
}) => {
  await setServerClock(api, 0);
  const tag = uniqueTag();
  const d = await createRider(api, { firstName: `Deepa ${tag}`, lastName: 'Shenoy' });
  const e = await createRider(api, { firstName: `Esha ${tag}`, lastName: 'Menon' });
  const f = await createRider(api, { firstName: `Farah ${tag}`, lastName: 'Khan' });
  // 70 minutes out: far from the other riders of this file (30 to 40 minutes) and their windows.
  const time = Math.floor((Date.now() + 70 * MINUTE) / MINUTE) * MINUTE;
  await createDrop(api, d, { place: PLACES.koramangala, time });
  await createDrop(api, e, { place: PLACES.indiranagar, time });
  await createDrop(api, f, { place: PLACES.koramangala, time: time + 5 * MINUTE });

  const contexts = await Promise.all([d, e, f].map(() => browser.newContext()));
  try {
    const [dPage, ePage, fPage] = await Promise.all(
      contexts.map(async (context, i) => {
        const page = await context.newPage();
        await blockMapTiles(page);
        await signInAs(page, [d, e, f][i]!);
        await openDashboard(page);
        return page;
      }),
    );

    // D asks E, E accepts: a cab of two.
    const dCard = requestCard(dPage!, 'Terminal 1 → Koramangala');
    await showDetails(dCard);
    await riderEntry(detailsSection(dCard, 'Potential Matches'), e)
      .getByRole('button', { name: 'Send Request' })
      .click();
    await expect(toast(dPage!, 'Match request sent successfully')).toBeVisible();
    const eCard = requestCard(ePage!, 'Terminal 1 → Indiranagar');
    await showDetails(eCard);
    await riderEntry(detailsSection(eCard, 'Incoming Requests'), d)
      .getByRole('button', { name: 'Accept' })
      .click();
    await expect(matchCards(ePage!)).toHaveCount(1);
    await expect(matchCards(dPage!)).toHaveCount(1);

    // F is offered the cab as one card naming both riders, with room for one more, and asks.
    const fCard = requestCard(fPage!, 'Terminal 1 → Koramangala');
    await showDetails(fCard);
    const cab = detailsSection(fCard, 'Potential Matches')
      .getByRole('listitem')
      .filter({ hasText: 'Cab with' });
    await expect(cab).toHaveCount(1);
    await expect(cab).toContainText(shownName(d));
    await expect(cab).toContainText(shownName(e));
    await expect(cab).toContainText('room for 1 seat and 2 bags');
    // What one knows of a rider before sharing a cab, for each of its riders.
    for (const rider of [d, e])
      await expect(cab.getByRole('group', { name: `About ${rider.firstName}` })).toHaveCount(1);
    await expect(cab).toContainText(
      /Fare estimate: you pay ₹[\d,]+ shared vs ₹[\d,]+ solo, saving ₹[\d,]+/,
    );
    await cab.getByRole('button', { name: 'Ask to Join' }).click();
    await expect(toast(fPage!, 'Match request sent successfully')).toBeVisible();
    await expect(detailsSection(fCard, 'Outgoing Requests')).toContainText('Cab with');

    // Both riders of the cab see the ask live on their match card; E answers for the cab.
    for (const page of [dPage!, ePage!]) {
      await expect(
        matchCards(page).getByRole('region', { name: 'Asking to join your cab' }),
      ).toContainText(shownName(f));
    }
    await matchCards(ePage!)
      .getByRole('region', { name: 'Asking to join your cab' })
      .getByRole('button', { name: 'Accept' })
      .click();
    await expect(toast(ePage!, 'Match accepted successfully')).toBeVisible();

    // One cab of three on every rider's My Trips, each with the two others and their own figures.
    const riders = [d, e, f];
    for (const [i, page] of [dPage!, ePage!, fPage!].entries()) {
      const card = matchCards(page);
      await expect(card).toHaveCount(1);
      const list = card.getByRole('region', { name: 'Matched Riders' });
      for (const other of riders.filter((_, j) => j !== i))
        await expect(list).toContainText(shownName(other));
      await expect(card).toContainText(/Fare estimate: you pay ₹[\d,]+ shared vs ₹[\d,]+ solo/);
    }
    const matchId = (await tripsOf(api, d, 'upcoming')).find((trip) => trip.match)!.match!._id;

    // They chat together: each message reaches the other two.
    const rooms = await Promise.all(
      [dPage!, ePage!, fPage!].map((page) => openChat(page, matchId)),
    );
    // The header names both co-riders; their trust facts and actions fold away on a phone.
    await expect(rooms[0]!.title).toHaveText(`${shownName(e)} & ${shownName(f)}`);
    const blockE = dPage!.getByRole('button', { name: `Block ${shownName(e)}` });
    await expect(blockE).toBeHidden();
    await rooms[0]!.main.getByText('Your co-riders (2)').click();
    await expect(blockE).toBeVisible();
    await expect(dPage!.getByRole('button', { name: `Block ${shownName(f)}` })).toBeVisible();
    for (const [i, room] of rooms.entries()) {
      const text = `Hello from ${riders[i]!.firstName}`;
      await room.input.fill(text);
      await room.input.press('Enter');
      for (const page of [dPage!, ePage!, fPage!])
        await expect(chat(page).log.getByText(text, { exact: true })).toBeVisible();
    }

    // After the trip each rates both co-riders; D completes the trip by rating both at once.
    await setServerClock(api, 3 * 60 * MINUTE);
    for (const [i, page] of [ePage!, fPage!].entries()) {
      const me = [e, f][i]!;
      await page.goto('/dashboard');
      await tripsTab(page, 'Past Trips').click();
      const list = matchCards(page).getByRole('region', { name: 'Matched Riders' });
      for (const other of riders.filter((r) => r !== me)) {
        await riderEntry(list, other).getByRole('button', { name: 'Rate Now' }).click();
        const dialog = page.getByRole('dialog', { name: `Rate ${other.firstName}` });
        await rateIn(dialog, other, 5);
        await dialog.getByRole('button', { name: 'Submit Rating' }).click();
        await expect(dialog).toBeHidden();
      }
      await expect(list.getByRole('button', { name: 'Rate Now' })).toHaveCount(0);
    }
    // E has rated everyone, so no rating modal stands between the select and a final Completed
    // (a keyboard user's arrow or End key applies it): E is asked first, and goes back.
    const eStatus = matchCards(ePage!).getByRole('combobox', { name: 'Match status' });
    await eStatus.selectOption('Completed');
    const confirm = ePage!.getByRole('dialog', { name: 'Mark this trip Completed?' });
    await expect(confirm.getByRole('button', { name: 'Go Back' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Go Back' }).click();
    await expect(confirm).toBeHidden();
    await expect(eStatus).toHaveValue('Active');
    expect((await tripsOf(api, e, 'past'))[0]?.match?.status).toBe('Active');
    await dPage!.goto('/dashboard');
    await tripsTab(dPage!, 'Past Trips').click();
    const dMatch = matchCards(dPage!);
    await dMatch.getByRole('combobox', { name: 'Match status' }).selectOption('Completed');
    const dialog = dPage!.getByRole('dialog', { name: 'Rate your co-passengers' });
    await rateIn(dialog, e, 4);
    await rateIn(dialog, f, 5);
    await dialog.getByRole('button', { name: 'Submit Rating' }).click();
    await expect(dMatch).toContainText('Match status: Completed');
    expect(await statsOf(api, d)).toMatchObject({ completed: 1, averageRating: 5 });
    expect(await statsOf(api, f)).toMatchObject({ averageRating: 5 });
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});

// On a phone and on a desktop (issue 9).
for (const viewport of PHONE_AND_DESKTOP) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('two hours before a matched trip, the reminder arrives in the bell and by mail as the server clock gets there', async ({
      page,
    }) => {
      const tag = uniqueTag();
      const d = await createRider(api, { firstName: `Divya ${tag}`, lastName: 'Shetty' });
      const e = await createRider(api, { firstName: `Esha ${tag}`, lastName: 'Nair' });
      const time = Math.floor((Date.now() + 8 * 60 * MINUTE) / MINUTE) * MINUTE;
      const dRequest = await createDrop(api, d, { place: PLACES.koramangala, time });
      const eRequest = await createDrop(api, e, { place: PLACES.indiranagar, time });
      await matchThroughApi(
        api,
        { rider: d, requestId: dRequest },
        { rider: e, requestId: eRequest },
      );

      await blockMapTiles(page);
      await signInAs(page, e);
      await page.goto('/dashboard');
      const bell = page.getByRole('button', { name: /^Notifications/ });
      // The match request Divya sent is Esha's one notification so far.
      await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
      const since = Date.now();
      await setServerClock(api, time - 110 * MINUTE - Date.now());
      try {
        await expect(bell).toHaveAccessibleName('Notifications, 2 unread', { timeout: 20_000 });
        await bell.click();
        const reminder = page
          .getByRole('region', { name: 'Notifications' })
          .getByRole('button', { name: /Your shared ride is in about 2 hours/ });
        await expect(reminder).toBeVisible();
        await waitForMail(e.email, { since, subject: /^AeroPool: your shared ride/ });
        await reminder.click();
        await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
        await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
      } finally {
        await setServerClock(api, 2 * 60 * MINUTE);
      }
    });

    test('an upcoming trip moves to Past when its time comes, live, without a tab switch', async ({
      page,
    }) => {
      const f = await createRider(api, { firstName: `Farah ${uniqueTag()}`, lastName: 'Khan' });
      const time = Math.floor((Date.now() + 10 * 60 * MINUTE) / MINUTE) * MINUTE;
      await createDrop(api, f, { terminal: 'Terminal 2', place: PLACES.hsrLayout, time });
      // Browser and server both half a minute before the trip. The browser's clock then moves by
      // less than socket.io's ping timeout, so no reconnect (which also refreshes) can pass this test.
      await page.clock.install({ time: time - 30_000 });
      await setServerClock(api, time - 30_000 - Date.now());
      try {
        await blockMapTiles(page);
        await signInAs(page, f);
        await page.goto('/dashboard');
        const upcoming = page.getByRole('tabpanel', { name: 'Upcoming Trips' });
        await expect(upcoming.getByRole('article')).toHaveCount(1);

        await setServerClock(api, time + MINUTE - Date.now());
        await page.clock.fastForward(35_000);
        await expect(upcoming).toContainText('No trips found');
        await tripsTab(page, 'Past Trips').click();
        await expect(
          page.getByRole('tabpanel', { name: 'Past Trips' }).getByRole('article'),
        ).toHaveCount(1);
      } finally {
        await setServerClock(api, 2 * 60 * MINUTE);
      }
    });
  });
}
