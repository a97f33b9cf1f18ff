import { expect, test, type APIRequestContext } from '@playwright/test';
import { createRider, signInAs, type TestRider } from '../fixtures/accounts';
import { bearer, createMatch, openChat } from '../fixtures/chat';
import { E2E_OPERATOR, E2E_SUPPORT_EMAIL } from '../fixtures/env';
import { waitForMail } from '../fixtures/mail';
import {
  blockMapTiles,
  createDrop,
  detailsSection,
  openDashboard,
  PLACES,
  requestCard,
  riderEntry,
  shownName,
  showDetails,
  tripSlot,
  uniqueTag,
} from '../fixtures/trips';
import { toast } from '../fixtures/ui';

/** The operator granted by global-setup through `npm run admin -- grant`. */
async function signInOperator(request: APIRequestContext): Promise<TestRider> {
  const res = await request.post('/api/user/login', { data: E2E_OPERATOR });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  const user = body.entities[0];
  return {
    ...E2E_OPERATOR,
    firstName: user.firstName,
    lastName: user.lastName,
    id: user._id,
    token: body.token,
  };
}

test('a rider blocks another from a potential-match card; neither sees the other; unblock on /profile', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const a = await createRider(request, { firstName: `Arjun ${tag}`, lastName: 'Bose' });
  const b = await createRider(request, { firstName: `Bina ${tag}`, lastName: 'Roy' });
  const time = tripSlot();
  await createDrop(request, a, { place: PLACES.koramangala, time });
  const bRide = await createDrop(request, b, {
    place: PLACES.indiranagar,
    time: time + 5 * 60_000,
  });

  // Whom B is offered, by the API B's own page uses.
  const offeredToB = async () => {
    const res = await request.get(`/api/ride-request/potential-matches-and-requests/${bRide}`, {
      headers: bearer(b),
    });
    return (await res.json()).entities[0].potentialMatches.map(
      (m: { rider: { _id: string } }) => m.rider._id,
    );
  };
  expect(await offeredToB()).toContain(a.id);

  await blockMapTiles(page);
  await signInAs(page, a);
  await openDashboard(page);
  const card = requestCard(page, 'Terminal 1 → Koramangala');
  await showDetails(card);
  const potential = detailsSection(card, 'Potential Matches');
  const entry = riderEntry(potential, b);
  await expect(entry).toBeVisible();
  // Strangers are shown by first name and last initial only.
  await expect(entry).toContainText(shownName(b));
  await expect(entry).not.toContainText('Roy');

  await entry.getByRole('button', { name: `Block ${shownName(b)}` }).click();
  const dialog = page.getByRole('dialog', { name: `Block ${shownName(b)}?` });
  await expect(dialog).toContainText(
    'is not told of the block: a shared ride it ends shows to them as one you cancelled or left.',
  );
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(toast(page, `${shownName(b)} is blocked.`)).toBeVisible();
  await expect(riderEntry(potential, b)).toHaveCount(0);

  // B does not see A either.
  expect(await offeredToB()).not.toContain(a.id);

  await page.goto('/profile');
  const blocked = page.getByRole('region', { name: 'Blocked riders' });
  await expect(blocked).toContainText(shownName(b));
  await blocked.getByRole('button', { name: `Unblock ${shownName(b)}` }).click();
  await expect(toast(page, `${shownName(b)} is unblocked.`)).toBeVisible();
  await expect(blocked).toContainText('You have not blocked anyone.');
});

test('a rider reports a co-rider from the chat header; the operator sees it on /admin and suspends; the suspended rider sees why at sign-in', async ({
  page,
  browser,
  request,
}) => {
  const tag = uniqueTag();
  const a = await createRider(request, { firstName: `Chitra ${tag}`, lastName: 'Menon' });
  const b = await createRider(request, { firstName: `Dev ${tag}`, lastName: 'Pillai' });
  const { matchId } = await createMatch(request, a, b);

  await blockMapTiles(page);
  await signInAs(page, a);
  const room = await openChat(page, matchId);
  await expect(room.title).toHaveText(shownName(b));
  // Trust signals in the header too.
  await expect(page.getByRole('group', { name: `About ${b.firstName}` })).toContainText(
    'New rider',
  );
  await page.getByRole('button', { name: `Report ${shownName(b)}` }).click();
  const dialog = page.getByRole('dialog', { name: `Report ${shownName(b)}` });
  await dialog.getByLabel('Reason').selectOption('Harassment');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Please describe what happened')).toBeVisible();
  await dialog.getByLabel('What happened?').fill('Sent me abusive messages after the match.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  const ack = toast(page, 'Thanks for telling us. Your report RP-');
  await expect(ack).toBeVisible();
  const reference = /RP-\d+/.exec((await ack.textContent()) ?? '')![0];
  // Reporting blocks: the match is cancelled and the chat closes.
  await expect(room.closed).toBeVisible();
  const teamMail = await waitForMail(E2E_SUPPORT_EMAIL, { subject: new RegExp(reference) });
  expect(teamMail.raw).toContain(b.id);

  // The desk: 404 page for a rider, the queue for the operator.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found.' })).toBeVisible();

  const operator = await signInOperator(request);
  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  await signInAs(desk, operator);
  await desk.goto('/admin');
  await expect(desk.getByRole('heading', { name: 'Moderation desk', level: 1 })).toBeVisible();
  await desk.getByLabel('Kind').selectOption('report');
  const item = desk.getByRole('article', {
    name: new RegExp(`^${reference} · Report: Harassment`),
  });
  await expect(item).toContainText('Sent me abusive messages after the match.');
  await expect(item).toContainText(b.email);
  await item.getByRole('button', { name: `Suspend ${b.firstName} Pillai` }).click();
  const suspend = desk.getByRole('dialog', { name: `Suspend ${b.firstName} Pillai` });
  await suspend.getByLabel('Reason').fill('Harassing riders in chat.');
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  await expect(toast(desk, 'Rider suspended.')).toBeVisible();
  await expect(item).toContainText('Suspended: Harassing riders in chat.');
  await item.getByRole('button', { name: `Resolve ${reference}` }).click();
  await expect(toast(desk, 'Report resolved.')).toBeVisible();
  const audit = desk.getByRole('region', { name: 'Audit log' });
  const resolvedRow = audit.getByRole('row').filter({ hasText: 'Resolved report' });
  await expect(resolvedRow.filter({ hasText: reference })).toHaveCount(1);
  const suspendedRow = audit
    .getByRole('row')
    .filter({ hasText: 'Suspended rider' })
    .filter({ hasText: 'Harassing riders in chat.' });
  await expect(suspendedRow).toHaveCount(1);
  await expect(suspendedRow).toContainText(E2E_OPERATOR.email);
  await deskContext.close();

  // The suspended rider signs in and reads why, and where to write.
  const bContext = await browser.newContext();
  const bPage = await bContext.newPage();
  await bPage.goto('/login');
  await bPage.getByLabel('Email').fill(b.email);
  await bPage.getByLabel('Password').fill(b.password);
  await bPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(bPage.getByRole('alert')).toHaveText(
    `Your account is suspended: Harassing riders in chat. If you think this is a mistake, write to ${E2E_SUPPORT_EMAIL}.`,
  );
  await expect(bPage).toHaveURL(/\/login$/);
  await bContext.close();
});
