import { useSyncExternalStore } from 'react';
import type { PublicConfig } from '@aeropool/contract/public-config';
import { DEFAULT_SUPPORT_EMAIL } from '@aeropool/contract/product';
import { api } from './api-client';

const DEFAULTS: PublicConfig = { googleClientId: null, supportEmail: DEFAULT_SUPPORT_EMAIL };

/**
 * Fetched once per page load, shared by every component; a small store rather than a TanStack
 * query so the landing page's footer can read it without the query library (issue 7).
 */
let config: PublicConfig | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function load(): void {
  loading ??= api
    .get<PublicConfig>('/config')
    .then(({ entities }) => {
      config = entities[0] ?? DEFAULTS;
      listeners.forEach((listener) => listener());
    })
    // The next component to ask tries again; until then the defaults stand.
    .catch(() => {
      loading = null;
    });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!config) load();
  return () => listeners.delete(listener);
}

/** Google client id (null hides the button) and the support address the pages show. */
export function usePublicConfig(): PublicConfig {
  return useSyncExternalStore(
    subscribe,
    () => config ?? DEFAULTS,
    () => DEFAULTS,
  );
}
