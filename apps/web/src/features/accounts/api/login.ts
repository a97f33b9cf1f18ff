import type { AuthResult, LoginBody, User } from '@aeropool/contract/accounts';
import { api } from '../../../lib/api-client';
import { usePendingAction } from '../../../lib/use-pending-action';

export function login(body: LoginBody): Promise<AuthResult> {
  return api.post<User, Pick<AuthResult, 'token'>>('/user/login', body);
}

export function useLogin() {
  return usePendingAction(login);
}
