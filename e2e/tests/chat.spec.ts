import {
  test as base,
  expect,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { createRider, signInAs, type TestRider } from '../fixtures/accounts';
import {
  cancelMatch,
  chat,
  createMatch,
  fetchHistory,
  headerTripTime,
  historyTexts,
  messageItem,
  messageText,
  openChat,
  socketHandshake,
  twoRiders,
  uniqueTag,
} from '../fixtures/chat';
import { blockMapTiles, openDashboard, shownName } from '../fixtures/trips';

/**
 * Pages in their own browser contexts (own storage, own socket), closed after the test:
 * `riderPage(rider)` is signed in as that rider, `riderPage(null)` is signed out.
 */
const test = base.extend<{
  riderPage: (rider: TestRider | null, options?: BrowserContextOptions) => Promise<Page>;
}>({
  riderPage: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (rider, options) => {
      const context = await browser.newContext(options);
      contexts.push(context);
      const page = await context.newPage();
      await blockMapTiles(page);
      if (rider) await signInAs(page, rider);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

test.describe.configure({ mode: 'parallel' });

const pageErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
};

/** Texts of the conversation's rows (day separators and messages), top to bottom. */
const rows = (page: Page) => chat(page).log.getByRole('listitem');

test('two riders chat live, the history survives a reload, and markup shows as plain text', async ({
  request,
  riderPage,
}) => {
  const { a, b } = await twoRiders(request);
  const { matchId, timeOfTravel } = await createMatch(request, a, b);
  const pageA = await riderPage(a);
  const pageB = await riderPage(b);
  const errors = [...pageErrors(pageA), ...pageErrors(pageB)];

  const roomA = await openChat(pageA, matchId);
  const roomB = await openChat(pageB, matchId);

  // Each header names the co-rider and the viewer's own trip.
  await expect(roomA.title).toHaveText(shownName(b));
  await expect(roomB.title).toHaveText(shownName(a));
  await expect(roomA.main.getByText('Terminal 1 → Koramangala')).toContainText(
    headerTripTime(timeOfTravel),
  );
  await expect(roomB.main.getByText('Terminal 1 → Indiranagar')).toContainText(
    headerTripTime(timeOfTravel),
  );
  await expect(roomA.main.getByRole('link', { name: 'Back to My Trips' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await expect(roomA.empty).toBeVisible();
  await expect(roomB.empty).toBeVisible();

  // Send is off while the box is empty or blank.
  await expect(roomA.input).toHaveAttribute('placeholder', 'Type a message');
  await expect(roomA.send).toBeDisabled();
  await roomA.input.fill('   ');
  await expect(roomA.send).toBeDisabled();
  await roomA.input.fill('');

  // A types and presses Enter.
  const question = 'Meet at pillar 5?';
  await roomA.input.pressSequentially(question);
  await expect(roomA.send).toBeEnabled();
  await roomA.input.press('Enter');
  await expect(roomA.input).toHaveValue('');
  await expect(roomA.input).toBeFocused();
  await expect(messageItem(pageA, question).getByText('Sent', { exact: true })).toBeVisible();
  await expect(roomA.empty).toBeHidden();

  // B gets it live, from Asha, with no delivery status (not B's own).
  await expect(messageText(pageB, question)).toBeVisible();
  await expect(messageItem(pageB, question)).toContainText('Asha');
  await expect(messageItem(pageB, question).getByText('Sent', { exact: true })).toHaveCount(0);
  await expect(roomB.empty).toBeHidden();

  // B answers with the Send button.
  const answer = 'Yes, by the Café Coffee Day at 6:15';
  await roomB.input.fill(answer);
  await roomB.send.click();
  await expect(roomB.input).toHaveValue('');
  await expect(messageItem(pageB, answer).getByText('Sent', { exact: true })).toBeVisible();
  await expect(messageText(pageA, answer)).toBeVisible();
  await expect(messageItem(pageA, answer)).toContainText('Bhavna');

  // Stored once each, in order.
  await expect.poll(() => historyTexts(request, a, matchId)).toEqual([question, answer]);

  // After a reload A reads the same conversation from the history, under one 'Today'.
  await pageA.reload();
  await expect(roomA.history).toBeVisible();
  await expect(roomA.log.getByRole('heading', { level: 2 })).toHaveText(['Today']);
  await expect(rows(pageA)).toHaveText([
    'Today',
    /You: Meet at pillar 5\?.*Sent$/,
    /Bhavna: Yes, by the Café Coffee Day at 6:15/,
  ]);
  await expect(roomA.pill).toHaveText('Connected');

  // Markup is text: shown verbatim on the other rider's page, never run or rendered.
  const markup = '<script>window.__pwned = 1</script><b>bold</b>';
  await roomA.input.fill(markup);
  await roomA.input.press('Enter');
  await expect(messageItem(pageA, markup).getByText('Sent', { exact: true })).toBeVisible();
  await expect(messageText(pageB, markup)).toBeVisible();
  await expect(messageText(pageB, markup)).toHaveText(markup);
  await expect(roomB.log.locator('b')).toHaveCount(0);
  await expect(roomB.log.locator('script')).toHaveCount(0);
  await expect(roomA.log.locator('b')).toHaveCount(0);
  for (const page of [pageA, pageB]) {
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned),
    ).toBeUndefined();
  }
  await expect.poll(() => historyTexts(request, b, matchId)).toEqual([question, answer, markup]);
  expect(errors).toEqual([]);
});

test('Shift+Enter starts a new line within the same message', async ({ request, riderPage }) => {
  const { a, b } = await twoRiders(request);
  const { matchId } = await createMatch(request, a, b);
  const pageA = await riderPage(a);
  const roomA = await openChat(pageA, matchId);

  await roomA.input.pressSequentially('Line one');
  await roomA.input.press('Shift+Enter');
  await roomA.input.pressSequentially('Line two');
  await expect(roomA.input).toHaveValue('Line one\nLine two');
  // Nothing was sent by Shift+Enter.
  await expect(roomA.empty).toBeVisible();

  await roomA.input.press('Enter');
  await expect(roomA.input).toHaveValue('');
  const item = messageItem(pageA, 'Line one\nLine two');
  await expect(item.getByText('Sent', { exact: true })).toBeVisible();
  // One bubble whose text keeps the line break (and shows it: pre-wrap).
  await expect(rows(pageA)).toHaveCount(2);
  const bubbleText = messageText(pageA, 'Line one\nLine two');
  expect(await bubbleText.evaluate((element) => element.textContent)).toBe('Line one\nLine two');
  expect(await bubbleText.evaluate((element) => (element as HTMLElement).innerText)).toBe(
    'Line one\nLine two',
  );

  await expect.poll(() => historyTexts(request, a, matchId)).toEqual(['Line one\nLine two']);
});

test('messages written offline are sent once when the connection is back', async ({
  request,
  riderPage,
}) => {
  const { a, b } = await twoRiders(request);
  const { matchId } = await createMatch(request, a, b);
  const pageA = await riderPage(a);
  const pageB = await riderPage(b);
  const roomA = await openChat(pageA, matchId);
  const roomB = await openChat(pageB, matchId);

  await pageA.context().setOffline(true);
  await expect(roomA.pill).toHaveText(/^(Offline|Reconnecting…)$/);

  const first = 'Running 5 minutes late';
  const second = 'Wait at gate 3 please';
  await roomA.input.fill(first);
  await roomA.input.press('Enter');
  await roomA.input.fill(second);
  await roomA.send.click();
  for (const text of [first, second]) {
    await expect(messageItem(pageA, text)).toContainText(/Not sent — will retry|Sending…/);
    await expect(messageItem(pageA, text).getByText('Sent', { exact: true })).toHaveCount(0);
  }
  // Not delivered meanwhile.
  expect(await historyTexts(request, a, matchId)).toEqual([]);
  await expect(messageText(pageB, first)).toHaveCount(0);

  await pageA.context().setOffline(false);
  // socket.io comes back within its 1 to 5 s reconnect delay (spec §9).
  await expect(roomA.pill).toHaveText('Connected', { timeout: 20_000 });
  for (const text of [first, second]) {
    await expect(messageItem(pageA, text).getByText('Sent', { exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await expect(messageItem(pageA, text)).toHaveCount(1);
  }

  // B gets each exactly once, in the order they were typed; the server stored each once.
  await expect(messageText(pageB, second)).toBeVisible();
  await expect(rows(pageB)).toHaveText(['Today', /Asha: Running 5 minutes late/, /Wait at gate 3/]);
  await expect.poll(() => historyTexts(request, b, matchId)).toEqual([first, second]);
  await expect(roomB.pill).toHaveText('Connected');
  // Still once each after A's reconnection settled.
  await expect(rows(pageA)).toHaveText(['Today', /You: Running 5 minutes late/, /Wait at gate 3/]);
  expect(await historyTexts(request, a, matchId)).toEqual([first, second]);
});

test('a message written offline is sent when the connection is back, though the rider left the chat', async ({
  request,
  riderPage,
}) => {
  const { a, b } = await twoRiders(request);
  const { matchId } = await createMatch(request, a, b);
  const pageA = await riderPage(a);
  // From My Trips, as a rider comes to a chat: going back needs no page load while offline.
  await openDashboard(pageA);
  await pageA.getByRole('link', { name: 'Chat Now' }).click();
  await expect(pageA).toHaveURL(new RegExp(`/chat/${matchId}$`));
  const roomA = chat(pageA);
  await expect(roomA.pill).toHaveText('Connected');

  await pageA.context().setOffline(true);
  await expect(roomA.pill).toHaveText(/^(Offline|Reconnecting…)$/);
  const text = 'At pillar 5, blue bag';
  await roomA.input.fill(text);
  await roomA.input.press('Enter');
  await expect(messageItem(pageA, text)).toContainText(/Not sent — will retry|Sending…/);
  // Off to My Trips (in the app: the network is down), before the connection comes back.
  await roomA.main.getByRole('link', { name: 'Back to My Trips' }).click();
  await expect(pageA.getByRole('heading', { name: 'My Trips', level: 1 })).toBeVisible();

  // Closing the tab now would lose it: the browser asks first; the rider stays.
  const asked = pageA.waitForEvent('dialog');
  await pageA.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();

  await pageA.context().setOffline(false);
  // Stored once, without the chat being opened again.
  await expect.poll(() => historyTexts(request, b, matchId), { timeout: 20_000 }).toEqual([text]);
  await expect(pageA.getByRole('heading', { name: 'My Trips', level: 1 })).toBeVisible();
  // Sent: the tab closes without asking.
  pageA.on('dialog', (unexpected) => void unexpected.dismiss());
  const closed = pageA.waitForEvent('close', { timeout: 5_000 });
  await pageA.close({ runBeforeUnload: true });
  await closed;
});

test('only the riders of a match can open its chat', async ({ request, riderPage }) => {
  const { a, b } = await twoRiders(request);
  const outsider = await createRider(request, {
    firstName: 'Chetan',
    lastName: `Das${uniqueTag()}`,
  });
  const { matchId } = await createMatch(request, a, b);

  // The match has a message, so "nothing shown" below means something.
  const secret = 'Only for the two of us';
  const pageA = await riderPage(a);
  const roomA = await openChat(pageA, matchId);
  await roomA.input.fill(secret);
  await roomA.input.press('Enter');
  await expect(messageItem(pageA, secret).getByText('Sent', { exact: true })).toBeVisible();

  // Signed out: asked to log in.
  const anonymous = await riderPage(null);
  await anonymous.goto(`/chat/${matchId}`);
  const anonMain = anonymous.getByRole('main');
  await expect(
    anonMain.getByRole('heading', { name: 'Please log in to open this chat.' }),
  ).toBeVisible();
  await expect(anonymous.getByText(secret)).toHaveCount(0);
  await expect(chat(anonymous).input).toHaveCount(0);
  await anonMain.getByRole('link', { name: 'Log In' }).click();
  await expect(anonymous).toHaveURL(/\/login$/);

  // A rider outside the match: refused, and none of its messages shown.
  const pageC = await riderPage(outsider);
  await pageC.goto(`/chat/${matchId}`);
  const cMain = pageC.getByRole('main');
  await expect(
    cMain.getByRole('heading', { name: 'This chat is only for the riders of this match.' }),
  ).toBeVisible();
  await expect(cMain.getByRole('link', { name: 'Back to My Trips' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await expect(chat(pageC).log).toHaveCount(0);
  await expect(pageC.getByText(secret)).toHaveCount(0);
  await expect(chat(pageC).input).toHaveCount(0);

  // A match that does not exist (and an id that is not one) gets the same notice, even for a
  // rider who has a match.
  for (const id of [crypto.randomUUID(), 'not-a-match']) {
    await pageA.goto(`/chat/${id}`);
    await expect(
      pageA
        .getByRole('main')
        .getByRole('heading', { name: 'This chat is only for the riders of this match.' }),
    ).toBeVisible();
    await expect(chat(pageA).input).toHaveCount(0);
  }

  // The server enforces it too: history needs a token and membership.
  expect((await fetchHistory(request, null, matchId)).status).toBe(401);
  expect((await fetchHistory(request, outsider, matchId)).status).toBe(403);
  expect((await fetchHistory(request, a, crypto.randomUUID())).status).toBe(404);
  const member = await fetchHistory(request, b, matchId);
  expect(member.status).toBe(200);
  expect(member.messages.map((m) => m.messageText)).toEqual([secret]);

  // …and the socket handshake needs a valid token (socket.io CONNECT answered by connect_error).
  expect(await socketHandshake(anonymous, null)).toMatch(/^44.*Please log in/);
  expect(await socketHandshake(anonymous, 'not-a-token')).toMatch(/^44/);
  expect(await socketHandshake(anonymous, outsider.token)).toMatch(/^40/);
});

test('a cancelled match keeps its history readable but closes the chat', async ({
  request,
  riderPage,
}) => {
  const { a, b } = await twoRiders(request);
  const { matchId } = await createMatch(request, a, b);
  const said = 'Booked the cab for 6 pm';
  const pageA = await riderPage(a);
  const pageB = await riderPage(b);
  const roomA = await openChat(pageA, matchId);
  const roomB = await openChat(pageB, matchId);
  await roomA.input.fill(said);
  await roomA.input.press('Enter');
  await expect(messageItem(pageA, said).getByText('Sent', { exact: true })).toBeVisible();
  await expect(messageText(pageB, said)).toBeVisible();

  // B was typing an answer when A cancelled.
  await roomB.input.fill('See you at');
  await cancelMatch(request, a, matchId);

  // Both open chats close without a reload: the note says so, the box is read-only and what B
  // was typing stays in it.
  for (const room of [roomA, roomB]) {
    await expect(room.closed).toBeVisible();
    await expect(room.input).not.toBeEditable();
    await expect(room.send).toBeDisabled();
  }
  await expect(roomB.input).toHaveValue('See you at');

  // B opens the chat afterwards: the history is there, the composer is not.
  const laterB = await riderPage(b);
  await laterB.goto(`/chat/${matchId}`);
  const roomLater = chat(laterB);
  await expect(roomLater.history).toBeVisible();
  await expect(messageText(laterB, said)).toBeVisible();
  await expect(roomLater.closed).toBeVisible();
  await expect(roomLater.input).not.toBeEditable();
  await expect(roomLater.send).toBeDisabled();
  await expect(roomLater.title).toHaveText(shownName(a));

  const history = await fetchHistory(request, b, matchId);
  expect(history.status).toBe(200);
  expect(history.messages.map((m) => m.messageText)).toEqual([said]);
});

// A socket that posted moments ago must not keep posting once the match is cancelled. The match
// refresh is held back here, as on a slow network, so the page has not yet closed the chat itself
// when B sends: the server must refuse it.
test('a message sent just after the co-rider cancelled is refused', async ({
  request,
  riderPage,
}) => {
  const { a, b } = await twoRiders(request);
  const { matchId } = await createMatch(request, a, b);
  const pageB = await riderPage(b);
  const roomB = await openChat(pageB, matchId);
  await roomB.input.fill('On my way');
  await roomB.input.press('Enter');
  await expect(messageItem(pageB, 'On my way').getByText('Sent', { exact: true })).toBeVisible();

  await pageB.route(`**/api/match/${matchId}`, () => {
    // Never answered: the header's match refresh stays pending.
  });
  await cancelMatch(request, a, matchId);

  const late = 'Are we still on?';
  await roomB.input.fill(late);
  await roomB.input.press('Enter');
  await expect(messageItem(pageB, late).getByText('Not sent', { exact: true })).toBeVisible();
  await expect(roomB.closed).toBeVisible();
  expect(await historyTexts(request, a, matchId)).toEqual(['On my way']);
});

test('on a 390×844 phone the chat fits the width and the composer is on screen', async ({
  request,
  riderPage,
}) => {
  const { a, b } = await twoRiders(request);
  const { matchId } = await createMatch(request, a, b);
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const pageA = await riderPage(a, phone);
  const roomA = await openChat(pageA, matchId);

  const noHorizontalScroll = () =>
    pageA.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  await expect(roomA.title).toHaveText(shownName(b));
  await expect(roomA.title).toBeInViewport();
  await expect(roomA.pill).toBeInViewport();
  await expect(roomA.input).toBeInViewport({ ratio: 1 });
  await expect(roomA.send).toBeInViewport({ ratio: 1 });
  expect(await noHorizontalScroll()).toBe(true);

  // A long unbroken link and enough messages to scroll the conversation.
  const link = `https://maps.example.com/pickup?spot=${'pillar5'.repeat(40)}`;
  const texts = [link, ...Array.from({ length: 8 }, (_, i) => `Message number ${i + 1}`)];
  for (const text of texts) {
    await roomA.input.fill(text);
    await roomA.send.tap();
    await expect(messageItem(pageA, text).getByText('Sent', { exact: true })).toBeVisible();
  }

  expect(await noHorizontalScroll()).toBe(true);
  const bubble = await messageText(pageA, link).boundingBox();
  expect(bubble).not.toBeNull();
  expect(bubble!.x).toBeGreaterThanOrEqual(0);
  expect(bubble!.x + bubble!.width).toBeLessThanOrEqual(390);
  // The newest message and the composer stay in view.
  await expect(messageText(pageA, 'Message number 8')).toBeInViewport();
  await expect(roomA.input).toBeInViewport({ ratio: 1 });
  await expect(roomA.send).toBeInViewport({ ratio: 1 });
});

test("My Trips' Chat Now on the match card opens the match's chat", async ({
  request,
  riderPage,
}) => {
  const { a, b } = await twoRiders(request);
  const { matchId } = await createMatch(request, a, b);
  const pageA = await riderPage(a);

  await pageA.goto('/dashboard');
  await expect(pageA.getByRole('heading', { name: 'My Trips', level: 1 })).toBeVisible();
  const card = pageA
    .getByRole('article')
    .filter({ has: pageA.getByRole('link', { name: 'Chat Now' }) });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(shownName(b));
  await card.getByRole('link', { name: 'Chat Now' }).click();

  await expect(pageA).toHaveURL(new RegExp(`/chat/${matchId}$`));
  const room = chat(pageA);
  await expect(room.title).toHaveText(shownName(b));
  await expect(room.pill).toHaveText('Connected');
  await expect(room.empty).toBeVisible();

  await room.main.getByRole('link', { name: 'Back to My Trips' }).click();
  await expect(pageA).toHaveURL(/\/dashboard$/);
  await expect(pageA.getByRole('heading', { name: 'My Trips', level: 1 })).toBeVisible();
});
