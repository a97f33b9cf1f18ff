import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@aeropool/contract/accounts';
import type { Gender } from '@aeropool/contract/gender';
import { api } from '../../../lib/api-client';
import { tripKeys } from '../../trips/api/trip-keys';
import { accountKeys } from './account-keys';

/**
 * A field left out stays as stored. Phone is left out when not all digits (spec §5); null
 * clears it.
 */
export type UpdateUserInput = {
  userId: string;
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  gender?: Gender | null;
};

export async function updateUser({ userId, ...body }: UpdateUserInput): Promise<User> {
  const result = await api.put<User>(`/user/${encodeURIComponent(userId)}`, body);
  const user = result.entities[0];
  if (!user) throw new Error('The server returned no user.');
  return user;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user, { userId }) => {
      queryClient.setQueryData(accountKeys.user(userId), user);
      // A gender change turns off the rider's Women only requests and changes who they match.
      return queryClient.invalidateQueries({ queryKey: tripKeys.all });
    },
  });
}
