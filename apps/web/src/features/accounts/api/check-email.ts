import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** 200 when an account has this e-mail; throws an ApiError with statusCode 404 when none has. */
export async function checkEmail(email: string): Promise<void> {
  await api.post('/user/email', { email });
}

export function useCheckEmail() {
  return useMutation({ mutationFn: checkEmail });
}
