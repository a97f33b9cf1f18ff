import { useMutation } from '@tanstack/react-query';
import type { SupportTicket, SupportTicketBody } from '@aeropool/contract/support';
import { api } from '../../../lib/api-client';

/** POST /support answers 201 with the new ticket, whose number the rider quotes by e-mail. */
export async function submitSupportTicket(body: SupportTicketBody): Promise<SupportTicket | null> {
  const response = await api.post<SupportTicket>('/support', body);
  return response.entities[0] ?? null;
}

// Nothing on screen lists tickets, so there is no query to invalidate afterwards.
export function useSubmitSupportTicket() {
  return useMutation({ mutationFn: submitSupportTicket });
}
