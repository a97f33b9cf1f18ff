import { useEffect, useState } from 'react';
import { HEALTH_RETRY_MS } from '@aeropool/contract/limits';
import { api } from '../lib/api-client';

/** Spec §7: health is checked at start and retried every 60 seconds while it fails. */
export function HealthBanner() {
  const [isDown, setIsDown] = useState(false);
  useEffect(() => {
    let retry: number | undefined;
    let isMounted = true;
    const check = () => {
      api.get('/health').then(
        () => isMounted && setIsDown(false),
        () => {
          if (!isMounted) return;
          setIsDown(true);
          retry = window.setTimeout(check, HEALTH_RETRY_MS);
        },
      );
    };
    check();
    return () => {
      isMounted = false;
      window.clearTimeout(retry);
    };
  }, []);
  if (!isDown) return null;
  return (
    <div
      role="alert"
      className="relative z-[60] bg-amber-500 px-4 py-2 text-center text-sm font-medium text-amber-950"
    >
      We can&apos;t reach the AeroPool server right now. We&apos;ll keep trying every minute.
    </div>
  );
}
