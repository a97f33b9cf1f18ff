import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@aeropool/contract/public-config';
import { DEFAULT_SUPPORT_EMAIL } from '@aeropool/contract/product';
import { api } from './api-client';

export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: async () => (await api.get<PublicConfig>('/config')).entities[0]!,
  staleTime: Infinity,
});

/** Google client id (null hides the button) and the support address the pages show. */
export function usePublicConfig(): PublicConfig {
  const { data } = useQuery(publicConfigQuery);
  return data ?? { googleClientId: null, supportEmail: DEFAULT_SUPPORT_EMAIL };
}
