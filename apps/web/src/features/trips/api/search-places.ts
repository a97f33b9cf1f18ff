import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Place } from '@aeropool/contract/places';
import {
  PLACE_SEARCH_LIMIT,
  PLACE_SEARCH_MIN_CHARS,
  type TerminalId,
} from '@aeropool/contract/terminals';
import { api } from '../../../lib/api-client';
import { tripKeys } from './trip-keys';

/** Places matching the text; each carries the road route to or from the chosen terminal. */
export async function searchPlaces(
  query: string,
  terminal: TerminalId,
  signal?: AbortSignal,
): Promise<Place[]> {
  const params = new URLSearchParams({ q: query, terminal });
  const result = await api.get<Place>(`/places/search?${params.toString()}`, { signal });
  return result.entities.slice(0, PLACE_SEARCH_LIMIT);
}

export const placeSearchQueryOptions = (query: string, terminal: TerminalId) =>
  queryOptions({
    queryKey: tripKeys.places(query, terminal),
    queryFn: ({ signal }) => searchPlaces(query, terminal, signal),
    staleTime: 5 * 60_000,
  });

/** Spec §5: no search under 3 characters; the caller passes the debounced text. */
export function usePlaceSearch(query: string, terminal: TerminalId) {
  const trimmed = query.trim();
  return useQuery({
    ...placeSearchQueryOptions(trimmed, terminal),
    enabled: trimmed.length >= PLACE_SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}
