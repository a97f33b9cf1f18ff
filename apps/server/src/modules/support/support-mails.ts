import { NAME_MAX_LENGTH } from '@aeropool/contract/limits';
import { PRODUCT_NAME } from '@aeropool/contract/product';
import type { SupportTicket } from '@aeropool/contract/support';
import { escapeHtml, layoutHtml, quoted } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';

type Rider = { name: string; email: string };

/** A first and a last name at their longest, with the space between. */
const FULL_NAME_MAX = NAME_MAX_LENGTH * 2 + 1;

/**
 * A rider's name as a display name: without what could make it read as an address ("Asha
 * <someone@else>", also in full-width look-alikes), since mail clients show the display name and
 * hide the address behind it.
 */
const displayName = (name: string) =>
  // NFKC first: a full-width ＠ or ＜ becomes the character it imitates, and goes with it.
  `"${name
    .normalize('NFKC')
    .replace(/["\\\r\n<>@]/g, '')
    .trim()}"`;

export function supportTeamMail(to: string, ticket: SupportTicket, rider: Rider): MailMessage {
  const subject = `[${ticket.ticketNumber}] ${ticket.category}: ${quoted(ticket.subject, 120)}`;
  const text = [
    `New support ticket ${ticket.ticketNumber}`,
    // The account's address on its own line: the name is the rider's own words.
    `From: ${quoted(rider.name, FULL_NAME_MAX)}`,
    `Account e-mail: ${rider.email}`,
    `Category: ${ticket.category}`,
    `Subject: ${ticket.subject}`,
    '',
    ticket.description,
  ].join('\n');
  const html = layoutHtml(
    subject,
    `<p><strong>New support ticket ${escapeHtml(ticket.ticketNumber)}</strong></p>
     <p>From: ${escapeHtml(quoted(rider.name, FULL_NAME_MAX))}<br>
     Account e-mail: ${escapeHtml(rider.email)}<br>
     Category: ${escapeHtml(ticket.category)}<br>Subject: ${escapeHtml(ticket.subject)}</p>
     <p style="white-space:pre-wrap">${escapeHtml(ticket.description)}</p>`,
  );
  return { to, subject, text, html, replyTo: `${displayName(rider.name)} <${rider.email}>` };
}

/** The rider's answer goes to the support desk: the mail asks for one, and comes from no-reply. */
export function supportConfirmationMail(
  ticket: SupportTicket,
  rider: Rider,
  supportEmail: string,
): MailMessage {
  const subject = `We received your ${PRODUCT_NAME} support ticket ${ticket.ticketNumber}`;
  const hours =
    'Our team answers Monday to Friday 9 AM to 8 PM and Saturday 10 AM to 6 PM, India Standard Time (Sunday emergency only).';
  const more = 'Reply to this e-mail with the ticket number if you have more to add.';
  const text = [
    `Hi ${rider.name},`,
    '',
    `Thanks for reaching out. Your ticket number is ${ticket.ticketNumber}.`,
    `Subject: ${ticket.subject}`,
    '',
    hours,
    more,
  ].join('\n');
  const html = layoutHtml(
    subject,
    `<p>Hi ${escapeHtml(rider.name)},</p>
     <p>Thanks for reaching out. Your ticket number is <strong>${escapeHtml(ticket.ticketNumber)}</strong>.</p>
     <p>Subject: ${escapeHtml(ticket.subject)}</p>
     <p>${hours}</p>
     <p>${more}</p>`,
  );
  return { to: rider.email, subject, text, html, replyTo: supportEmail };
}
