import { expect, test } from '@playwright/test';
import { createRider, signInAs } from '../fixtures/accounts';
import { E2E_SUPPORT_EMAIL } from '../fixtures/env';
import { waitForMail } from '../fixtures/mail';
import { escapeRegExp, mailText, toast } from '../fixtures/ui';

test.describe.configure({ mode: 'parallel' });

test('signed out, the ticket form is replaced by a login prompt', async ({ page }) => {
  await page.goto('/support');
  await expect(page.getByText('Please log in to submit a support ticket.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Ticket' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Log in to submit a ticket' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in rider submits a ticket; support and the rider get e-mails', async ({
  page,
  request,
}) => {
  const rider = await createRider(request, { firstName: 'Ravi', lastName: 'Kumar' });
  await signInAs(page, rider);
  await page.goto('/support');

  const submit = page.getByRole('button', { name: 'Submit Ticket' });
  await submit.click();
  await expect(page.getByText('Subject is required')).toBeVisible();
  await expect(page.getByText('Description is required')).toBeVisible();
  await expect(page.getByLabel('Subject')).toBeFocused();

  const subject = `Driver no-show ${Date.now().toString(36)}`;
  await expect(page.getByLabel('Category')).toHaveValue('Payment Issues');
  await page.getByLabel('Subject').fill(subject);
  await expect(page.getByText('Subject is required')).toBeHidden();
  await page.getByLabel('Category').selectOption('Technical Support');
  await page.getByLabel('Description').fill('My co-passenger did not turn up at Terminal 1.');
  const sentAt = Date.now() - 1000;
  await submit.click();

  await expect(toast(page, 'Support ticket submitted successfully!')).toBeVisible();
  const confirmation = page.getByText(/Ticket AP-\d+ is open/);
  await expect(confirmation).toBeVisible();
  const ticketNumber = /AP-\d+/.exec((await confirmation.textContent()) ?? '')![0];
  // The form is emptied for the next ticket.
  await expect(page.getByLabel('Subject')).toHaveValue('');
  await expect(page.getByLabel('Description')).toHaveValue('');
  await expect(page.getByLabel('Category')).toHaveValue('Payment Issues');
  // Disabled while it was sent, the button has focus back: not the page's start.
  await expect(submit).toBeFocused();

  const teamMail = await waitForMail(E2E_SUPPORT_EMAIL, {
    since: sentAt,
    subject: new RegExp(escapeRegExp(subject)),
  });
  expect(teamMail.subject).toContain(ticketNumber);
  expect(teamMail.subject).toContain('Technical Support');
  expect(mailText(teamMail.raw)).toContain(rider.email);

  const riderMail = await waitForMail(rider.email, {
    since: sentAt,
    subject: new RegExp(`support ticket ${ticketNumber}\\b`),
  });
  expect(mailText(riderMail.raw)).toContain(`Your ticket number is ${ticketNumber}.`);
  expect(mailText(riderMail.raw)).toContain(subject);

  // Sent with Enter from the subject: the keyboard stays in the form.
  await page.getByLabel('Description').fill('And the app showed the wrong terminal.');
  await page.getByLabel('Subject').fill('Wrong terminal shown');
  await page.getByLabel('Subject').press('Enter');
  await expect(page.getByText(/Ticket AP-\d+ is open/)).not.toContainText(ticketNumber);
  await expect(page.getByLabel('Subject')).toHaveValue('');
  await expect(page.getByLabel('Subject')).toBeFocused();
});

test('the FAQ accordion opens one answer at a time; hours and emergency contact show', async ({
  page,
}) => {
  await page.goto('/support');
  const faq = page.locator('#faq');
  const questions = faq.getByRole('button');
  await expect(questions).toHaveCount(3);
  const refund = faq.getByRole('button', { name: 'Can I get a refund?' });
  const split = faq.getByRole('button', { name: 'How do we split the fare?' });

  for (const question of [refund, split])
    await expect(question).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByText('charges nothing for its service')).toBeHidden();

  await refund.click();
  await expect(refund).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByRole('region', { name: 'Can I get a refund?' })).toContainText(
    'charges nothing for its service, so no refunds apply',
  );

  await split.click();
  await expect(split).toHaveAttribute('aria-expanded', 'true');
  await expect(refund).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByText('charges nothing for its service')).toBeHidden();

  await split.click();
  await expect(split).toHaveAttribute('aria-expanded', 'false');

  const hours = page.getByRole('region', { name: 'Support Hours' });
  await expect(hours).toContainText('Monday to Friday 9 AM to 8 PM');
  await expect(hours).toContainText('Saturday 10 AM to 6 PM');
  await expect(hours).toContainText('Sunday emergency only');

  await expect(
    page.getByRole('region', { name: 'Emergency Contact' }).getByRole('link', {
      name: E2E_SUPPORT_EMAIL,
    }),
  ).toHaveAttribute('href', `mailto:${E2E_SUPPORT_EMAIL}`);
});

test('a ticket form whose code cannot load says so and leaves the rest of the page', async ({
  page,
  request,
}) => {
  const rider = await createRider(request, { firstName: 'Ravi', lastName: 'Kumar' });
  await page.route('**/assets/support-ticket-form-*.js', (route) => route.abort());
  await signInAs(page, rider);
  await page.goto('/support');
  await expect(page.getByRole('alert')).toHaveText(
    'The ticket form could not be loaded. Check your connection, then reload the page.',
  );
  await expect(page.getByRole('button', { name: 'Submit Ticket' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Support', level: 1 })).toBeVisible();
});
