import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isServerAnswer } from '../../../lib/api-client';
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
    // A 409: that ride (or cab) changed meanwhile; the card goes or shows what holds now.
    onError: (error, { fromRequest }) =>
      isServerAnswer(error) && error.statusCode === 409
        ? queryClient.invalidateQueries({ queryKey: tripKeys.matches(fromRequest) })
        : undefined,
  });
}
