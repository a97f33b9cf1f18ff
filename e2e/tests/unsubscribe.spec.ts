import { expect, test } from '@playwright/test';
import { createRider } from '../fixtures/accounts';
import { bearer } from '../fixtures/chat';
import { waitForMail } from '../fixtures/mail';
import { createDrop, PLACES, tripSlot } from '../fixtures/trips';
import { mailText } from '../fixtures/ui';

test('a notice mail’s “Stop these e-mails” link asks first, then switches that kind off', async ({
  page,
  request,
}) => {
  const a = await createRider(request, { firstName: 'Asha', lastName: 'Rao' });
  const b = await createRider(request, { firstName: 'Bina', lastName: 'Shah' });
  const time = tripSlot();
  const rideA = await createDrop(request, a, { place: PLACES.koramangala, time });
  const rideB = await createDrop(request, b, { place: PLACES.indiranagar, time });
  const since = Date.now();
  const sent = await request.post('/api/ride-request/send-match-request', {
    headers: bearer(a),
    data: { fromRequest: rideA, toRequest: rideB },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const mail = await waitForMail(b.email, { since, subject: /match request/i });
  const link = /Stop these e-mails: (\S+)/.exec(mailText(mail.raw))?.[1];
  expect(link).toBeDefined();

  // Opened, the page asks (a mail scanner following the link changes nothing).
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Stop these e-mails?' })).toBeVisible();
  await expect(
    page.getByText('No more e-mails for “Someone sends me a match request”'),
  ).toBeVisible();
  const preferences = async () =>
    (
      await (
        await request.get('/api/notifications/email-preferences', { headers: bearer(b) })
      ).json()
    ).entities[0] as Record<string, boolean>;
  expect((await preferences())['match-request']).not.toBe(false);

  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toContainText('Done: no more e-mails for');
  expect((await preferences())['match-request']).toBe(false);

  // A link altered by hand is refused, and says so.
  await page.goto(link!.replace(/token=[^.]+/, 'token=someone-else'));
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('alert')).toHaveText('This unsubscribe link is not valid.');
});
