import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { accountKeys } from '../../accounts/api/account-keys';
import { tripKeys } from './trip-keys';

/** After a ride or match write: the trips it changes, and the profile's counts of them. */
export const refreshAfterTripWrite = (
  queryClient: QueryClient,
  trips: QueryKey = tripKeys.all,
): Promise<unknown> =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: trips }),
    queryClient.invalidateQueries({ queryKey: accountKeys.allStats() }),
  ]);
