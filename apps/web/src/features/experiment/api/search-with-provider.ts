import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Place, PlaceProvider } from '@aeropool/contract/places';
import { PLACE_SEARCH_MIN_CHARS, type TerminalId } from '@aeropool/contract/terminals';
import { ApiError, api } from '../../../lib/api-client';
import { experimentKeys, type Side } from './experiment-keys';

/** One provider's answer as the page compares it: an error is a result here, not a failure. */
export type ProviderOutcome = {
  latencyMs: number;
  statusCode: number;
  message: string;
  places: Place[];
  isError: boolean;
};

/**
 * GET /places/search with a chosen provider, timed in the browser: the latency covers the
 * network, the server's geocoding and routing, and reading the JSON, which is what a rider waits.
 */
export async function searchWithProvider(
  query: string,
  provider: PlaceProvider,
  terminal: TerminalId,
  signal?: AbortSignal,
): Promise<ProviderOutcome> {
  const params = new URLSearchParams({ q: query, provider, terminal });
  const startedAt = performance.now();
  try {
    const result = await api.get<Place>(`/places/search?${params.toString()}`, { signal });
    const latencyMs = performance.now() - startedAt;
    return {
      latencyMs,
      statusCode: result.statusCode,
      message: result.message,
      places: result.entities,
      isError: false,
    };
  } catch (error) {
    // A refusal, or no answer at all (the network gone, the server restarting), is an outcome
    // to show; only an abort, the query no longer wanted, stays an error.
    if (signal?.aborted) throw error;
    const latencyMs = performance.now() - startedAt;
    const isRefusal = error instanceof ApiError;
    return {
      latencyMs,
      statusCode: isRefusal ? error.statusCode : 0,
      message: isRefusal ? error.message : 'No answer: the server could not be reached.',
      places: [],
      isError: true,
    };
  }
}

export const providerSearchQueryOptions = (
  side: Side,
  provider: PlaceProvider,
  terminal: TerminalId,
  query: string,
) =>
  queryOptions({
    queryKey: experimentKeys.search(side, provider, terminal, query),
    queryFn: ({ signal }) => searchWithProvider(query, provider, terminal, signal),
    // A measurement is kept until "Run again" asks for a new one, and never silently retried.
    staleTime: Infinity,
    retry: false,
  });

/** Spec §5: nothing is searched under 3 characters; the caller passes the debounced text. */
export function useProviderSearch(
  side: Side,
  provider: PlaceProvider,
  terminal: TerminalId,
  query: string,
) {
  return useQuery({
    ...providerSearchQueryOptions(side, provider, terminal, query),
    enabled: query.length >= PLACE_SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}
