import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody } from '@aeropool/contract/accounts';
import { api } from '../../../lib/api-client';

export async function resetPassword(body: ForgotPasswordBody): Promise<void> {
  await api.put('/user/forgotpassword', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
