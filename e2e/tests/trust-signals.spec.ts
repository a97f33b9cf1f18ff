import { expect, test } from '@playwright/test';
import { createRider, signInAs, uniqueMobile } from '../fixtures/accounts';
import { waitForSmsCode } from '../fixtures/sms';
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

test('a rider verifies a phone from the SMS outbox and the other rider sees the badge on the card', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const a = await createRider(request, { firstName: `Anil ${tag}`, lastName: 'Kumar' });
  const b = await createRider(request, { firstName: `Bela ${tag}`, lastName: 'Sen' });
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  // B adds and verifies a number with the code from the zero-configuration SMS outbox.
  const mobile = uniqueMobile();
  const saved = await request.put(`/api/user/${b.id}`, {
    headers: auth(b.token),
    data: { phone: mobile },
  });
  expect(saved.status()).toBe(200);
  const since = Date.now() - 1000;
  expect((await request.post('/api/user/phone/code', { headers: auth(b.token) })).status()).toBe(
    201,
  );
  const code = await waitForSmsCode(`+91${mobile}`, since);
  const verified = await request.post('/api/user/phone/verify', {
    headers: auth(b.token),
    data: { code },
  });
  expect(verified.status()).toBe(200);

  const time = tripSlot();
  await createDrop(request, a, { place: PLACES.koramangala, time });
  await createDrop(request, b, { place: PLACES.indiranagar, time: time + 5 * 60_000 });

  await blockMapTiles(page);
  await signInAs(page, a);
  await openDashboard(page);
  const card = requestCard(page, 'Terminal 1 → Koramangala');
  await showDetails(card);
  const entry = riderEntry(detailsSection(card, 'Potential Matches'), b);
  await expect(entry).toBeVisible();
  const about = entry.getByRole('group', { name: 'About Bela' });
  await expect(about.getByText('Phone verified')).toBeVisible();
  await expect(about.getByText('New rider')).toBeVisible();
  await expect(about.getByText('0 completed rides')).toBeVisible();
  await expect(about.getByText(/^Member since \w+ \d{4}$/)).toBeVisible();
  // The number itself is never on a stranger's card.
  await expect(entry).not.toContainText(mobile.slice(-5));
});
