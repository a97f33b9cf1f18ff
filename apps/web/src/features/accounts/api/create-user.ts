import { useMutation } from '@tanstack/react-query';
import type { AuthResult, CreateUserBody, User } from '@aeropool/contract/accounts';
import { api } from '../../../lib/api-client';

export function createUser(body: CreateUserBody): Promise<AuthResult> {
  return api.post<User, Pick<AuthResult, 'token'>>('/user/create', body);
}

export function useCreateUser() {
  return useMutation({ mutationFn: createUser });
}
