import { expect, test, type Page } from '@playwright/test';
import { createRider, signInAs } from '../fixtures/accounts';
import { E2E_SUPPORT_EMAIL } from '../fixtures/env';
import { expectSectionAtOffset, storedSession, toast } from '../fixtures/ui';

test.describe.configure({ mode: 'parallel' });

const SECTION_IDS = ['home', 'features', 'how-it-works', 'safety', 'pricing', 'testimonials'];

const footerNav = (page: Page, name: string) =>
  page.getByRole('contentinfo').getByRole('navigation', { name });

test.describe('desktop', () => {
  test('the landing page has every section, the pricing table and three testimonials', async ({
    page,
  }) => {
    await page.goto('/');
    for (const id of SECTION_IDS) await expect(page.locator(`section#${id}`)).toHaveCount(1);

    const mainNav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'My Trips', 'Profile', 'Support', 'Log In']) {
      await expect(mainNav.getByRole('link', { name, exact: true })).toBeVisible();
    }

    const pricing = page.locator('#pricing');
    await expect(pricing.getByRole('listitem').filter({ hasText: 'Solo cab' })).toContainText(
      /about\s*₹1000\s*per ride/,
    );
    const shared = pricing.getByRole('listitem').filter({ hasText: 'Shared ride for 2' });
    await expect(shared).toContainText('BEST VALUE');
    await expect(shared).toContainText(/about\s*₹500\s*per person/);
    await expect(shared).toContainText('saves up to 50%');
    const bus = pricing.getByRole('listitem').filter({ hasText: 'Airport express bus' });
    await expect(bus).toContainText(/about\s*₹350\s*per person/);
    await expect(bus).toContainText('no door-step drop-off');
    await expect(bus).toContainText('no guaranteed seat');
    await expect(pricing.getByText('BEST VALUE')).toHaveCount(1);

    // Nobody has given these yet: the section says they are examples.
    await expect(page.locator('#testimonials')).toContainText(
      'Names and stories are illustrative.',
    );
    const avatars = page.locator('#testimonials img[src^="/avatars/"]');
    await expect(avatars).toHaveCount(3);
    for (const avatar of await avatars.all()) {
      await expect(avatar).toHaveAttribute('src', /^\/avatars\/(male|female)-[1-4]\.svg$/);
      await avatar.scrollIntoViewIfNeeded();
      await expect
        .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
  });

  test("the hero's figures are the server's own measure, and nothing else", async ({
    page,
    request,
  }) => {
    const shownBy = (figures: Record<string, number | null>) =>
      [
        figures.monthlyRiders === null ? null : `monthly users: ${figures.monthlyRiders}+`,
        figures.averageSaving === null ? null : `average saving: ₹${figures.averageSaving}`,
        figures.matchConversion === null ? null : `match conversion: ${figures.matchConversion}%`,
      ].filter((text) => text !== null);
    const shownOnPage = () =>
      page
        .locator('#home dl > div')
        .evaluateAll((figures) =>
          figures.map(
            (figure) =>
              `${figure.querySelector('dt')?.textContent}: ${figure.querySelector('dd')?.textContent}`,
          ),
        );
    // Again from the start if the 10-minute measure was renewed between the two reads.
    await expect(async () => {
      const answer = await (await request.get('/api/public/figures')).json();
      const asked = page.waitForResponse('**/api/public/figures');
      await page.goto('/');
      await asked;
      await expect.poll(shownOnPage, { timeout: 2000 }).toEqual(shownBy(answer.entities[0]));
    }).toPass({ timeout: 20_000 });
  });

  test('signed out, the hero and closing calls to action lead to /dashboard and then /login', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Started Now' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await page.getByRole('link', { name: 'Share Your Ride' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('signed in, Share Your Ride opens My Trips', async ({ page, request }) => {
    const rider = await createRider(request);
    await signInAs(page, rider);
    await page.goto('/');
    await page.getByRole('link', { name: 'Share Your Ride' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'My Trips' })).toBeVisible();
  });

  test('footer quick links scroll to the section 50 px below the top, from any page', async ({
    page,
  }) => {
    await page.goto('/');
    // From the keyboard: focus follows to the section, so Tab carries on there.
    await footerNav(page, 'Quick links').getByRole('link', { name: 'Pricing' }).press('Enter');
    await expectSectionAtOffset(page, 'pricing');
    await expect(page.locator('#pricing')).toBeFocused();

    await page.goto('/support');
    await expect(page.getByRole('heading', { name: 'Support', level: 1 })).toBeVisible();
    await footerNav(page, 'Quick links').getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expectSectionAtOffset(page, 'pricing');
    await expect(page.locator('#pricing')).toBeFocused();
  });

  test('footer support links open /support at their section', async ({ page }) => {
    await page.goto('/');
    const supportLinks = footerNav(page, 'Support links');
    await expect(supportLinks.getByRole('link', { name: 'FAQ' })).toHaveAttribute(
      'href',
      '/support#faq',
    );
    await expect(supportLinks.getByRole('link', { name: 'Cancellation Policy' })).toHaveAttribute(
      'href',
      '/support#contact',
    );
    await supportLinks.getByRole('link', { name: 'Emergency Contact' }).click();
    await expect(page).toHaveURL(/\/support#emergency-contact$/);
    await expect(page.getByRole('region', { name: 'Emergency Contact' })).toBeVisible();
    await expectSectionAtOffset(page, 'emergency-contact');
  });

  for (const { path, title } of [
    { path: '/privacy', title: 'Privacy Policy' },
    { path: '/tos', title: 'Terms of Service' },
  ]) {
    test(`${path} shows the support e-mail and returns home`, async ({ page }) => {
      await page.goto('/');
      await footerNav(page, 'Legal').getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(main.getByRole('link', { name: E2E_SUPPORT_EMAIL })).toHaveAttribute(
        'href',
        `mailto:${E2E_SUPPORT_EMAIL}`,
      );
      await main.getByRole('link', { name: 'Return to Home' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('signed out, the menu says User and closes on Escape', async ({ page }) => {
    await page.goto('/');
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Trips' }),
    ).toBeHidden();
    await openMenu.click();

    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(openMenu).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByText('User', { exact: true })).toBeVisible();
    const mobileNav = menu.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Home', 'My Trips', 'Profile', 'Support']) {
      await expect(mobileNav.getByRole('link', { name })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Log In' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(openMenu).toHaveAttribute('aria-expanded', 'false');
    await expect(openMenu).toBeFocused();

    // A link in the menu navigates and closes it.
    await openMenu.click();
    await mobileNav.getByRole('link', { name: 'Support' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(menu).toBeHidden();
  });

  test('signed in, the menu shows the e-mail and Log Out signs out', async ({ page, request }) => {
    const rider = await createRider(request);
    await signInAs(page, rider);
    // Signed-in screens have the app's tab bar; the public pages keep the menu.
    await page.goto('/support');
    await expect(page.getByRole('button', { name: 'Submit Ticket' })).toBeVisible();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByText(rider.email, { exact: true })).toBeVisible();
    await menu.getByRole('button', { name: 'Log Out' }).click();

    await expect(toast(page, 'Successfully logged out')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(menu).toBeHidden();
    expect(await storedSession(page)).toEqual({ userId: null, userEmail: null, token: null });

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu.getByText('User', { exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Log In' })).toBeVisible();
  });

  test('no page scrolls sideways at 390 px', async ({ page, request }) => {
    const rider = await createRider(request);
    await signInAs(page, rider);
    const pages: { path: string; ready: (p: Page) => ReturnType<Page['getByRole']> }[] = [
      { path: '/', ready: (p) => p.getByRole('link', { name: 'Share Your Ride' }) },
      { path: '/profile', ready: (p) => p.getByRole('button', { name: 'Edit Profile' }) },
      { path: '/support', ready: (p) => p.getByRole('button', { name: 'Submit Ticket' }) },
    ];
    for (const { path, ready } of pages) {
      await page.goto(path);
      await expect(ready(page)).toBeVisible();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${path} is ${scrollWidth} px wide`).toBeLessThanOrEqual(390);
    }
  });

  test('the sign-in and sign-up forms fit 390 px', async ({ page }) => {
    for (const { path, ready } of [
      { path: '/login', ready: 'Sign In' },
      { path: '/signup', ready: 'Generate OTP' },
    ]) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: ready })).toBeVisible();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${path} is ${scrollWidth} px wide`).toBeLessThanOrEqual(390);
    }
  });
});
