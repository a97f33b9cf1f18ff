import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@aeropool/contract/accounts';
import { api } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export async function getUser(userId: string, signal?: AbortSignal): Promise<User> {
  const result = await api.get<User>(`/user/${encodeURIComponent(userId)}`, { signal });
  const user = result.entities[0];
  if (!user) throw new Error('The server returned no user.');
  return user;
}

export const userQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: accountKeys.user(userId),
    queryFn: ({ signal }) => getUser(userId, signal),
  });

export function useUser(userId: string) {
  return useQuery(userQueryOptions(userId));
}
