import { stdSerializers } from 'pino';

const REDACTED = '[redacted]';

/** Field names whose values are secrets wherever they appear in a logged object. */
const SECRET_KEY =
  /^(password|password_?hash|current_?password|new_?password|otp|code_?hash|token|verification_?token|credential|secret|jwt_?secret|hash_?key|chat_?key|authorization|cookie|set-cookie|api_?key|auth_?token)$/i;

/**
 * Parts of errors that carry values: a failed query's parameters (drizzle puts them in the
 * message and stack too) and PostgreSQL's `detail`, which quotes the offending row's values.
 */
const VALUE_KEYS = new Set(['params', 'parameters', 'detail']);

type Serialised = Record<string, unknown>;

const scrubText = (text: string, params: unknown): string =>
  params === undefined ? text : text.split(`params: ${String(params)}`).join(`params: ${REDACTED}`);

function scrub(value: unknown, params: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value, params);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, params, depth + 1));
  const out: Serialised = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] =
      SECRET_KEY.test(key) || VALUE_KEYS.has(key) ? REDACTED : scrub(inner, params, depth + 1);
  }
  return out;
}

/**
 * pino's error serializer, minus secrets: a failed query used to log its parameters (among them
 * an argon2id hash). Query text, codes and stacks stay; values go.
 */
export function serializeError(error: Error): SerialisedError {
  const serialised = stdSerializers.err(error) as unknown as Serialised;
  const params = (error as { params?: unknown } | null)?.params;
  return scrub(serialised, params, 0) as SerialisedError;
}

/** A trip link's page and API paths: their last segment is the link's secret. */
const TRIP_LINK_PATH = /^(\/(?:api\/)?trip\/)[^/?#]+/;
/**
 * Paths whose query is private: a place search is what a rider types, often their home address,
 * and an unsubscribe link carries its signed token.
 */
const PRIVATE_QUERY = /^(\/api\/(?:places\/|notifications\/unsubscribe)[^?#]*\?).*/;

/**
 * Fastify's request serializer, with a trip link's token masked: the link needs no sign-in, so
 * anyone reading the log (or the log shipper's store) could otherwise follow a rider's trip. A
 * place search's words and an unsubscribe token are masked too (PRIVATE_QUERY).
 */
export function serializeRequest(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: request.url
      .replace(TRIP_LINK_PATH, `$1${REDACTED}`)
      .replace(PRIVATE_QUERY, `$1${REDACTED}`),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type SerialisedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** Known secret fields at the levels our log calls use, for pino's own redaction. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  ...['password', 'currentPassword', 'otp', 'verificationToken', 'credential', 'token'].flatMap(
    (key) => [key, `*.${key}`],
  ),
];
