import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@aeropool/contract/accounts';
import { api, ApiError } from '../../../lib/api-client';
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

export function useSendPhoneCode(userId: string) {
  const readAgainIfChanged = useReadAgainIfChanged(userId);
  return useMutation({ mutationFn: sendPhoneCode, onError: readAgainIfChanged });
}

export function useVerifyPhoneCode(userId: string) {
  const queryClient = useQueryClient();
  const readAgainIfChanged = useReadAgainIfChanged(userId);
  return useMutation({
    mutationFn: verifyPhoneCode,
    onSuccess: (user) => queryClient.setQueryData(accountKeys.user(userId), user),
    onError: readAgainIfChanged,
  });
}

/**
 * A 409 (verified meanwhile, or the number verified on another account) or 400 (no number any
 * more, or a wrong code) may mean the profile changed in another tab or device: the user is read
 * again, so the card shows how things stand.
 */
function useReadAgainIfChanged(userId: string) {
  const queryClient = useQueryClient();
  return (error: Error) => {
    if (error instanceof ApiError && (error.statusCode === 409 || error.statusCode === 400))
      void queryClient.invalidateQueries({ queryKey: accountKeys.user(userId) });
  };
}
