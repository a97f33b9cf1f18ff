import { PRODUCT_NAME } from '@aeropool/contract/product';
import { escapeHtml, layoutHtml, quoted } from '../../lib/mail-layout';
import { suspendedMessage } from '@aeropool/contract/safety-rules';
import type { MailMessage } from '../../lib/mailer';

type TicketReply = {
  to: string;
  /** The support desk: the mail asks for an answer, and comes from no-reply. */
  replyTo: string;
  firstName: string;
  reference: string;
  subject: string;
  message: string;
};

/** An operator's answer, under the ticket's reference so the rider's mail client threads it. */
export function ticketReplyMail(reply: TicketReply): MailMessage {
  const subject = `${PRODUCT_NAME} support [${reply.reference}]: re ${quoted(reply.subject, 80)}`;
  const intro = `Hi ${reply.firstName}, here is our answer to your ticket ${reply.reference}.`;
  return {
    to: reply.to,
    replyTo: reply.replyTo,
    subject,
    text: [intro, '', reply.message, '', 'Reply to this e-mail if you have more to add.'].join(
      '\n',
    ),
    html: layoutHtml(
      subject,
      `<p>${escapeHtml(intro)}</p><p style="white-space:pre-wrap">${escapeHtml(reply.message)}</p>
       <p>Reply to this e-mail if you have more to add.</p>`,
    ),
  };
}

/** The ticket is closed: the rider knows, and how to go on if it is not sorted. */
export function ticketResolvedMail(ticket: Omit<TicketReply, 'message'>): MailMessage {
  const subject = `${PRODUCT_NAME} support [${ticket.reference}]: resolved`;
  const lines = [
    `Hi ${ticket.firstName},`,
    `We have marked your ticket ${ticket.reference} (${quoted(ticket.subject, 80)}) as resolved.`,
    `If it is not sorted, submit a new ticket on the Support page and mention ${ticket.reference}.`,
  ];
  return {
    to: ticket.to,
    replyTo: ticket.replyTo,
    subject,
    text: lines.join('\n\n'),
    html: layoutHtml(subject, lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')),
  };
}

type AccountNotice = { to: string; firstName: string; supportEmail: string };

/**
 * A suspended rider can no longer sign in, so no bell or push reaches them: the mail is how they
 * learn it, before they stand at the kerb waiting for a co-rider whose ride was reopened.
 */
export function suspensionMail(notice: AccountNotice & { reason: string }): MailMessage {
  const subject = `${PRODUCT_NAME}: your account is suspended`;
  const lines = [
    `Hi ${notice.firstName},`,
    suspendedMessage(notice.reason, notice.supportEmail),
    'Any shared ride of yours still ahead was cancelled or left, and your co-riders were told; any open ride request was closed. Please make other travel plans.',
  ];
  return accountMail(notice, subject, lines);
}

/** The rider can sign in again; nothing that was cancelled comes back by itself. */
export function suspensionLiftedMail(notice: AccountNotice): MailMessage {
  const subject = `${PRODUCT_NAME}: your account is active again`;
  const lines = [
    `Hi ${notice.firstName},`,
    'The suspension of your account has been lifted: you can sign in again. Rides and matches cancelled while it was suspended stay cancelled: post a new ride request when you need one.',
  ];
  return accountMail(notice, subject, lines);
}

const accountMail = (notice: AccountNotice, subject: string, lines: string[]): MailMessage => ({
  to: notice.to,
  replyTo: notice.supportEmail,
  subject,
  text: lines.join('\n\n'),
  html: layoutHtml(subject, lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')),
});
