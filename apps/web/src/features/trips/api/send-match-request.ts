import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshOnConflict } from './refresh-after-trip-write';
import { tripKeys } from './trip-keys';

export type SendMatchRequestInput = { fromRequest: string; toRequest: string };

export async function sendMatchRequest(input: SendMatchRequestInput): Promise<string> {
  const result = await api.post('/ride-request/send-match-request', input);
  return result.message;
}

export function useSendMatchRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMatchRequest,
    onSuccess: (_message, { fromRequest }) =>
      queryClient.invalidateQueries({ queryKey: tripKeys.matches(fromRequest) }),
    // A 409: that ride (or cab), or the rider's own (matched meanwhile), changed: every card
    // shows what holds now.
    onError: refreshOnConflict(queryClient),
  });
}
