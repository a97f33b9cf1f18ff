import { useQuery } from '@tanstack/react-query';
import { HEALTH_RETRY_MS } from '@aeropool/contract/limits';
import { api } from '../lib/api-client';

/** Spec §7: health is checked at start and retried every 60 seconds while it fails. */
export function HealthBanner() {
  const { isError } = useQuery({
    queryKey: ['health'],
    queryFn: () => api.get('/health'),
    retry: false,
    refetchInterval: (query) => (query.state.status === 'error' ? HEALTH_RETRY_MS : false),
    staleTime: Infinity,
  });
  if (!isError) return null;
  return (
    <div
      role="alert"
      className="relative z-[60] bg-amber-500 px-4 py-2 text-center text-sm font-medium text-amber-950"
    >
      We can&apos;t reach the AeroPool server right now. We&apos;ll keep trying every minute.
    </div>
  );
}
