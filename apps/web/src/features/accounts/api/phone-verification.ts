import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@aeropool/contract/accounts';
import { api } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export type PhoneCodeSent = { phone: string; expiresAt: string; resendAfterSeconds: number };

/** Texts a code to the number on the profile; 429 while the 30-second cooldown runs. */
export async function sendPhoneCode(): Promise<PhoneCodeSent> {
  const result = await api.post<PhoneCodeSent>('/user/phone/code');
  return result.entities[0]!;
}

export async function verifyPhoneCode(code: string): Promise<User> {
  const result = await api.post<User>('/user/phone/verify', { code });
  return result.entities[0]!;
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}

export function useVerifyPhoneCode(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhoneCode,
    onSuccess: (user) => queryClient.setQueryData(accountKeys.user(userId), user),
  });
}
