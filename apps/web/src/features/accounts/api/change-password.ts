import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ChangePasswordInput = { userId: string; currentPassword: string; password: string };

/**
 * The server invalidates older tokens on a password change and answers a new one, which the
 * caller must store to stay signed in.
 */
export async function changePassword({
  userId,
  ...body
}: ChangePasswordInput): Promise<string | null> {
  const result = await api.put<unknown, { token?: string }>(
    `/user/password/${encodeURIComponent(userId)}`,
    body,
  );
  return result.token ?? null;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
