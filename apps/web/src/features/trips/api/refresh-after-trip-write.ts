import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
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

/** The server's answer that what a write acted on changed meanwhile (matched, expired, answered). */
export const isConflict = (error: unknown): boolean =>
  error instanceof ApiError && error.statusCode === 409;

/**
 * A mutation's onError: refused because a ride, a request or a match changed meanwhile, every
 * list shows what holds now (the card acted on, and the rider's own, may both have changed).
 */
export const refreshOnConflict =
  (queryClient: QueryClient) =>
  (error: unknown): Promise<unknown> | undefined =>
    isConflict(error) ? refreshAfterTripWrite(queryClient) : undefined;
