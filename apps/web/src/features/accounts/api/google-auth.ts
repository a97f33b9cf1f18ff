import type { AuthResult, User } from '@aeropool/contract/accounts';
import { api } from '../../../lib/api-client';
import { usePendingAction } from '../../../lib/use-pending-action';

/** Sends the ID token from Google Identity Services; the server verifies it, not the browser. */
export function googleAuth(credential: string): Promise<AuthResult> {
  return api.post<User, Pick<AuthResult, 'token'>>('/user/google-auth', { credential });
}

export function useGoogleAuth() {
  return usePendingAction(googleAuth);
}
