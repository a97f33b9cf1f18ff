import { PRODUCT_NAME } from '@aeropool/contract/product';
import { escapeHtml, layoutHtml, quoted } from '../../lib/mail-layout';
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
