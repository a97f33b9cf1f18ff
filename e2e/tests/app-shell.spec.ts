import AxeBuilder from '@axe-core/playwright';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { createRider, signInAs, type TestRider } from '../fixtures/accounts';
import {
  bearer,
  chat,
  createDropRequest,
  createMatch,
  INDIRANAGAR,
  KORAMANGALA,
  messageItem,
  openChat,
  sayInOwnBrowser,
  twoRiders,
  uniqueTag,
} from '../fixtures/chat';
import { blockMapTiles, tripSlot } from '../fixtures/trips';
import { PHONE_AND_DESKTOP } from '../fixtures/ui';
import { E2E_OPERATOR } from '../fixtures/env';

test.describe.configure({ mode: 'parallel' });

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

/** Starts a rider's bell from zero (the match request they accepted was a notification). */
async function markAllRead(request: APIRequestContext, rider: TestRider) {
  const res = await request.post('/api/notifications/read', {
    headers: bearer(rider),
    data: { all: true },
  });
  expect(res.status()).toBe(200);
}

/** The page is no wider than the window: nothing scrolls sideways (the offenders are named). */
async function expectNoHorizontalOverflow(page: Page) {
  const offenders = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return Array.from(document.querySelectorAll('body *'))
      .filter((element) => {
        if (element.getBoundingClientRect().right <= width + 0.5) return false;
        // Text cut short by an ellipsis (overflow hidden) scrolls nothing.
        for (let up = element.parentElement; up; up = up.parentElement)
          if (getComputedStyle(up).overflowX !== 'visible') return false;
        return true;
      })
      .slice(0, 5)
      .map((element) => `${location.pathname}: ${element.outerHTML.slice(0, 160)}`);
  });
  expect(offenders).toEqual([]);
}

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map(
      (v) => `${new URL(page.url()).pathname} ${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`,
    ),
  ).toEqual([]);
}

/** Signed-in screens of a rider with a match, one test each so a slow machine cannot sum them. */
const SIGNED_IN_SCREENS = [
  '/dashboard',
  '/dashboard?tab=past',
  '/chats',
  '/profile',
  '/chat/:matchId',
] as const;

for (const viewport of PHONE_AND_DESKTOP) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const screen of SIGNED_IN_SCREENS) {
      test(`${screen} has the app shell, no footer, no sideways scroll and no serious axe violations`, async ({
        page,
        request,
      }) => {
        const { a, b } = await twoRiders(request);
        const { matchId } = await createMatch(request, a, b, { at: tripSlot() });
        await blockMapTiles(page);
        await signInAs(page, a);
        await page.goto(screen.replace(':matchId', matchId));
        await expect(page.locator('#page-content h1, #page-content main').first()).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        await expect(page.getByRole('contentinfo')).toHaveCount(0);
        const tabs = page.getByRole('navigation', { name: 'Tabs' });
        if (viewport.width === 390) {
          await expect(tabs.getByRole('link', { name: 'Trips' })).toBeVisible();
          await expect(tabs.getByRole('link', { name: 'Chats' })).toBeVisible();
          await expect(tabs.getByRole('link', { name: 'Profile' })).toBeVisible();
        } else {
          await expect(tabs).toBeHidden();
        }
        await page.waitForLoadState('networkidle');
        await expectNoHorizontalOverflow(page);
        await expectNoSeriousA11yViolations(page);
        if (screen === '/chat/:matchId') {
          // The chat fills the screen: the composer is on screen without scrolling the page.
          await expect(chat(page).input).toBeInViewport();
        }
      });
    }
  });
}

/** A matched pair's trip link for family (/trip/…), as the share button creates it. */
async function familyLink(request: APIRequestContext) {
  const { a, b } = await twoRiders(request);
  const { matchId } = await createMatch(request, a, b, { at: tripSlot() });
  const res = await request.post(`/api/match/${matchId}/share`, { headers: bearer(a) });
  expect(res.status(), await res.text()).toBe(201);
  return `/trip/${(await res.json()).entities[0].token as string}`;
}

const PUBLIC_SCREENS = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/support',
  '/privacy',
  '/tos',
  '/no-such-page',
  '/trip/:token',
  '/unsubscribe?token=rider.match-request.signature',
] as const;

for (const viewport of PHONE_AND_DESKTOP) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const screen of PUBLIC_SCREENS) {
      test(`${screen} has no serious axe violations and no sideways scroll`, async ({ page }) => {
        await page.goto(screen === '/trip/:token' ? await familyLink(page.request) : screen);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoHorizontalOverflow(page);
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
}

test('the moderation desk has no serious axe violations', async ({ page, request }) => {
  const res = await request.post('/api/user/login', { data: E2E_OPERATOR });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  await signInAs(page, {
    ...E2E_OPERATOR,
    id: body.entities[0]._id,
    token: body.token,
    firstName: '',
    lastName: '',
  });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoSeriousA11yViolations(page);
});

for (const viewport of PHONE_AND_DESKTOP) {
  test.describe(`the bell at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the bell counts a match request live, opens the trip and the count survives a reload', async ({
      page,
      request,
    }) => {
      const { a, b } = await twoRiders(request);
      const at = tripSlot();
      const requestA = await createDropRequest(request, a, KORAMANGALA, at);
      const requestB = await createDropRequest(request, b, INDIRANAGAR, at);
      await signInAs(page, b);
      await page.goto('/dashboard');
      await expect(bell(page)).toHaveAccessibleName('Notifications');

      const sent = await request.post('/api/ride-request/send-match-request', {
        headers: bearer(a),
        data: { fromRequest: requestA, toRequest: requestB },
      });
      expect(sent.status()).toBe(201);
      await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
      await page.reload();
      await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

      await bell(page).click();
      const panel = page.getByRole('region', { name: 'Notifications' });
      const item = panel.getByRole('button', { name: `New match request from ${a.firstName}` });
      await expect(item).toBeVisible();
      await item.click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(bell(page)).toHaveAccessibleName('Notifications');
      await page.reload();
      await expect(bell(page)).toHaveAccessibleName('Notifications');
    });
  });
}

test('the Chats tab lists a chat with its last message and unread count, cleared by reading it', async ({
  page,
  request,
}) => {
  const { a, b } = await twoRiders(request);
  const { matchId } = await createMatch(request, a, b, { at: tripSlot() });
  await markAllRead(request, b);
  await sayInOwnBrowser(page, a, matchId, 'Meet at pillar 7?');

  await signInAs(page, b);
  await page.goto('/chats');
  const row = page.getByRole('link', { name: new RegExp(`${a.firstName}`) });
  await expect(row).toContainText('Meet at pillar 7?');
  await expect(row).toContainText('1 unread');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/chat/${matchId}$`));
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chats' }).click();
  await expect(page.getByRole('link', { name: new RegExp(`${a.firstName}`) })).not.toContainText(
    'unread',
  );
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 664 } });

  test('a long one-word name wraps: the matched rider, then the block list', async ({
    page,
    request,
  }) => {
    const a = await createRider(request, { firstName: 'Asha', lastName: `Rao${uniqueTag()}` });
    const b = await createRider(request, {
      firstName: 'Venkatasubramaniankrishnamurthyraghavendraprasadnarayanan',
      lastName: `Iyer${uniqueTag()}`,
    });
    await createMatch(request, a, b, { at: tripSlot() });
    await blockMapTiles(page);
    await signInAs(page, a);
    await page.goto('/dashboard');
    // Visible text only: the route sketch drawn when map tiles fail also names the rider, in an
    // SVG <title> that comes first on the card and is never shown.
    await expect(
      page
        .getByText(/^Venkatasubramaniankrishnamurthyraghavendraprasadnarayanan/)
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalOverflow(page);

    const blocked = await request.post('/api/blocks', {
      headers: bearer(a),
      data: { userId: b.id },
    });
    expect(blocked.status()).toBe(201);
    await page.goto('/profile');
    const unblock = page.getByRole('button', {
      name: /^Unblock Venkatasubramaniankrishnamurthyraghavendraprasadnarayanan/,
    });
    await unblock.scrollIntoViewIfNeeded();
    // Wholly on screen: the name beside it wraps instead of pushing it past the card.
    await expect(unblock).toBeInViewport({ ratio: 1 });
    await expectNoHorizontalOverflow(page);
  });

  test('a toast sits below the header and never covers the open modal’s title', async ({
    page,
    request,
  }) => {
    const { a } = await twoRiders(request);
    await signInAs(page, a);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Create New Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Ride Request' });
    // Measured in the page on every frame from before the click, until the entry animation has
    // brought the toast below the header: the toast lives 3 s, which a busy machine can spend on
    // a few Playwright round trips. The click scrolls the modal to its button, so the title is
    // scrolled back into view first.
    await page.evaluate((text) => {
      const box = (element: Element) => {
        const { top, bottom } = element.getBoundingClientRect();
        return { top, bottom };
      };
      const settled = new Promise((resolve) => {
        const check = () => {
          const message = Array.from(document.querySelectorAll('[role="status"]')).find(
            (element) => element.textContent === text,
          );
          const header = document.querySelector('header');
          const title = document.querySelector('[role="dialog"] h2');
          if (message && header && title) {
            title.scrollIntoView({ block: 'nearest' });
            const toastBox = box(message);
            if (toastBox.top >= box(header).bottom) {
              resolve({ toastBox, titleBox: box(title) });
              return;
            }
          }
          requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
      Reflect.set(window, 'e2eToastSettled', settled);
    }, 'Please fill in all fields.');
    await dialog.getByRole('button', { name: 'Create Request' }).click();
    type Box = { top: number; bottom: number };
    const { toastBox, titleBox } = await page.evaluate(
      () => Reflect.get(window, 'e2eToastSettled') as Promise<{ toastBox: Box; titleBox: Box }>,
    );
    const overlaps = toastBox.top < titleBox.bottom && titleBox.top < toastBox.bottom;
    expect(overlaps, `toast ${JSON.stringify(toastBox)}, title ${JSON.stringify(titleBox)}`).toBe(
      false,
    );
  });
});

test('a chat open in a hidden tab is away: a new message rings the bell there', async ({
  page,
  request,
}) => {
  const { a, b } = await twoRiders(request);
  const { matchId } = await createMatch(request, a, b, { at: tripSlot() });
  await markAllRead(request, b);
  await signInAs(page, b);
  await openChat(page, matchId);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

  await sayInOwnBrowser(page, a, matchId, 'Are you at the exit?');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

  // Back on the tab: it joins again, catches up, and the chat's notification is read.
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(messageItem(page, 'Are you at the exit?')).toBeVisible();
});

test('offline, a page whose code never arrived says so, and loads by itself once back online', async ({
  page,
  context,
  request,
}) => {
  const { a } = await twoRiders(request);
  // The Chats page's code does not arrive until the network is back (not cached yet).
  const chatsCode = '**/assets/chats-page-*.js';
  await page.route(chatsCode, (route) => route.abort('internetdisconnected'));
  await signInAs(page, a);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Trips' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chats' }).click();
  await expect(page.getByRole('heading', { name: 'You are offline.' })).toBeVisible();
  await expect(page.getByText('This page will load when you are back online.')).toBeVisible();

  await page.unroute(chatsCode);
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Chats', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/chats$/);
});
