import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaceProvider } from '@aeropool/contract/places';
import { api } from '../../../lib/api-client';
import { experimentKeys } from './experiment-keys';

export type PlaceProviders = { default: PlaceProvider; available: PlaceProvider[] };

/** The offline gazetteer always; plus the online geocoder when GEOCODER/GEOCODER_URL are set. */
export async function getPlaceProviders(signal?: AbortSignal): Promise<PlaceProviders> {
  const result = await api.get<PlaceProviders>('/places/providers', { signal });
  return result.entities[0] ?? { default: 'offline', available: ['offline'] };
}

export const placeProvidersQueryOptions = () =>
  queryOptions({
    queryKey: experimentKeys.providers(),
    queryFn: ({ signal }) => getPlaceProviders(signal),
    // Server configuration: it changes only with a restart.
    staleTime: Infinity,
  });

export function usePlaceProviders() {
  return useQuery(placeProvidersQueryOptions());
}
