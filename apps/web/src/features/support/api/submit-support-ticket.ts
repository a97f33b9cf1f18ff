import type { SupportTicket, SupportTicketBody } from '@aeropool/contract/support';
import { api } from '../../../lib/api-client';
import { usePendingAction } from '../../../lib/use-pending-action';

/** POST /support answers 201 with the new ticket, whose number the rider quotes by e-mail. */
export async function submitSupportTicket(body: SupportTicketBody): Promise<SupportTicket | null> {
  const response = await api.post<SupportTicket>('/support', body);
  return response.entities[0] ?? null;
}

// Nothing on screen lists tickets, so there is no query to invalidate afterwards.
export function useSubmitSupportTicket() {
  return usePendingAction(submitSupportTicket);
}
