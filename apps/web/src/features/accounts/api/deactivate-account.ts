import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function deactivateAccount(userId: string): Promise<void> {
  await api.delete(`/user/deactive/${encodeURIComponent(userId)}`);
}

export function useDeactivateAccount() {
  return useMutation({ mutationFn: deactivateAccount });
}
