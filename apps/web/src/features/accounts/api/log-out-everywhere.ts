import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Ends every session of the rider, this one included. */
export async function logOutEverywhere(): Promise<void> {
  await api.post('/user/logout-all', {}, { isSessionEnding: true });
}

export function useLogOutEverywhere() {
  return useMutation({ mutationFn: logOutEverywhere });
}
