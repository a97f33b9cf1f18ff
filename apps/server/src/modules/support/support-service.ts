import type { SupportTicket, SupportTicketBody } from '@aeropool/contract/support';
import { supportTickets } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';
import { findUserById } from '../accounts/user-service';
import { supportConfirmationMail, supportTeamMail } from './support-mails';

type TicketInput = Required<SupportTicketBody>;

export const ticketNumberOf = (n: number) => `AP-${n}`;

/**
 * Stores the ticket first (it must never be lost), then mails the support team (reply-to the
 * rider) and confirms to the rider. A mail failure is logged, not shown: the ticket is saved.
 */
export async function createSupportTicket(
  ctx: ServiceContext,
  userId: string,
  input: TicketInput,
): Promise<SupportTicket> {
  const user = await findUserById(ctx, userId);
  const [row] = await ctx.db
    .insert(supportTickets)
    .values({
      userId,
      subject: input.subject,
      category: input.category,
      description: input.description,
    })
    .returning();
  const ticket: SupportTicket = {
    _id: row!.id,
    ticketNumber: ticketNumberOf(row!.ticketNumber),
    subject: row!.subject,
    category: input.category,
    description: row!.description,
    userId,
    createdAt: row!.createdAt.toISOString(),
  };

  const rider = { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email };
  // The ticket is saved: the mails follow without holding up the answer.
  for (const mail of [
    supportTeamMail(ctx.config.SUPPORT_EMAIL, ticket, rider),
    supportConfirmationMail(ticket, rider, ctx.config.SUPPORT_EMAIL),
  ]) {
    ctx.mailer.sendLater(mail, 'support mail not sent', { ticket: ticket.ticketNumber });
  }
  return ticket;
}
