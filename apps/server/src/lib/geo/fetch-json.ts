import { PRODUCT_NAME } from '@aeropool/contract/product';

export type FetchLike = typeof fetch;

/** Long enough for a self-hosted service under load, short enough for a search box. */
export const DEFAULT_HTTP_TIMEOUT_MS = 3000;

/** A search's or a route's answer is a few kilobytes; far more is a fault, not an answer. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;

export type FetchJsonOptions = { fetchImpl?: FetchLike; timeoutMs?: number; maxBytes?: number };

/**
 * GETs a JSON document from a third-party service. Any failure (network, timeout, non-2xx, a
 * redirect, a body over `maxBytes`, bad JSON) rejects; callers decide whether that means a
 * fallback or a 503. A redirect is refused: the operator configured this address, and a
 * provider sending riders' searches elsewhere is a fault to see in the log.
 */
export async function fetchJson(
  url: URL | string,
  {
    fetchImpl = fetch,
    timeoutMs = DEFAULT_HTTP_TIMEOUT_MS,
    maxBytes = MAX_RESPONSE_BYTES,
  }: FetchJsonOptions = {},
): Promise<unknown> {
  const origin = new URL(url).origin;
  const response = await fetchImpl(url, {
    // Nominatim's usage policy asks every client to identify itself.
    headers: { 'user-agent': PRODUCT_NAME, accept: 'application/json' },
    redirect: 'error',
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) {
    // Drain the body so the connection can be reused.
    await response.body?.cancel();
    throw new Error(`${origin} answered HTTP ${response.status}`);
  }
  return JSON.parse(await readText(response, maxBytes, origin));
}

async function readText(response: Response, maxBytes: number, origin: string): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    // Throwing out of the loop cancels the body.
    if (size > maxBytes) throw new Error(`${origin} answered more than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `base` may carry a path prefix (a proxy mount), which `new URL(path, base)` would drop. */
export function joinUrl(base: string, path: string): URL {
  return new URL(`${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
}
