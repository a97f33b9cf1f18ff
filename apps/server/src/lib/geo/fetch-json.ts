import { PRODUCT_NAME } from '@aeropool/contract/product';

export type FetchLike = typeof fetch;

/** Long enough for a self-hosted service under load, short enough for a search box. */
export const DEFAULT_HTTP_TIMEOUT_MS = 3000;

export type FetchJsonOptions = { fetchImpl?: FetchLike; timeoutMs?: number };

/**
 * GETs a JSON document from a third-party service. Any failure (network, timeout, non-2xx,
 * bad JSON) rejects; callers decide whether that means a fallback or a 503.
 */
export async function fetchJson(
  url: URL | string,
  { fetchImpl = fetch, timeoutMs = DEFAULT_HTTP_TIMEOUT_MS }: FetchJsonOptions = {},
): Promise<unknown> {
  const response = await fetchImpl(url, {
    // Nominatim's usage policy asks every client to identify itself.
    headers: { 'user-agent': PRODUCT_NAME, accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) {
    // Drain the body so the connection can be reused.
    await response.body?.cancel();
    throw new Error(`${new URL(url).origin} answered HTTP ${response.status}`);
  }
  return response.json();
}

/** `base` may carry a path prefix (a proxy mount), which `new URL(path, base)` would drop. */
export function joinUrl(base: string, path: string): URL {
  return new URL(`${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
}
