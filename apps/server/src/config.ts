import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SUPPORT_EMAIL, PRODUCT_NAME } from '@aeropool/contract/product';
import { MAIL_RETRY_DELAYS_MS } from './lib/mailer';

const optionalString = z.string().optional();
const optionalUrl = (protocols: RegExp) => z.url({ protocol: protocols }).optional();

/** An address, a subnet (address/bits), or one of proxy-addr's names, as Fastify's trustProxy takes. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/** An http(s) origin alone: a path, query or fragment would break what is appended to it. */
function isOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    /^https?:$/.test(url.protocol) &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !value.includes('*')
  );
}

/** Every environment variable the server reads; the README's configuration table mirrors it. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?$/),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * How long a request waits for a free database connection before it is answered 503 (a busy
   * instance sheds load instead of queueing without end; the balancer retries reads elsewhere).
   */
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
  /**
   * PostgreSQL cancels a statement that runs (or waits for a lock) longer than this, and the
   * request is answered 503: one stuck lock must not take every connection of the pool with it.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** 32 bytes as 64 hex characters or base64; keys chat messages at rest. */
  CHAT_ENCRYPTION_KEY: z
    .string()
    .transform((value) => Buffer.from(value, /^[0-9a-f]{64}$/i.test(value) ? 'hex' : 'base64'))
    .refine((key) => key.length === 32, 'must be 32 bytes (64 hex characters or base64)')
    .optional(),
  JWT_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: optionalUrl(/^smtps?$/),
  MAIL_FROM: z.string().min(3).default(`${PRODUCT_NAME} <no-reply@aeropool.in>`),
  /**
   * Seconds before each new attempt of a notice mail that failed in a way that may pass (no
   * connection, a timeout, "try later"), comma-separated; empty tries once.
   */
  MAIL_RETRY_SECONDS: z
    .string()
    .default(MAIL_RETRY_DELAYS_MS.map((ms) => ms / 1000).join(','))
    .transform((list) => (list.trim() ? list.split(',').map((item) => item.trim()) : []))
    .pipe(z.array(z.coerce.number<string>().int().min(1).max(86_400)).max(10)),
  SUPPORT_EMAIL: z.email().default(DEFAULT_SUPPORT_EMAIL),
  /** The site's origin; mail links append their paths to it. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .refine(isOrigin, 'must be the site’s address alone, e.g. https://aeropool.in (no path)')
    .transform((url) => new URL(url).origin)
    .optional(),
  /** Origins as browsers send them, comma-separated; @fastify/cors compares them as written. */
  CORS_ORIGIN: z
    .string()
    .refine(
      (list) => list.split(',').every((entry) => isOrigin(entry.trim())),
      'must be origins, comma-separated, e.g. https://app.example.com (not * nor a path)',
    )
    .transform((list) =>
      list
        .split(',')
        .map((entry) => new URL(entry.trim()).origin)
        .join(','),
    )
    .optional(),
  /**
   * The reverse proxies in front: `true` for one on this host (the nginx of deploy/, loopback),
   * or their addresses and subnets, comma-separated. A rate limit then keys on the right-most
   * X-Forwarded-For address that is not a trusted proxy, never on what a client wrote into its
   * own header (a proxy that appends leaves the client's word left-most: Fastify's `true` took
   * that one). deploy/nginx.conf sets the header to the address it saw.
   */
  TRUST_PROXY: z
    .union([
      // Only the words: `1` could be read as Fastify's hop count, which it is not here.
      z
        .stringbool({ truthy: ['true'], falsy: ['false'] })
        .transform((on) => (on ? 'loopback' : false)),
      z
        .string()
        .refine(
          (list) => list.split(',').every((entry) => isProxyAddress(entry.trim())),
          'must be true, false, or addresses and subnets (e.g. 10.0.0.2,10.1.0.0/16)',
        ),
    ])
    .default(false),
  // At most nginx's client_max_body_size in the cluster's config (1 MiB): above it, nginx's own
  // HTML 413 would answer in place of the app's.
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(1_048_576).default(102_400),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /**
   * Where rate-limit counters live: `memory` (one instance only), `postgres` (the DATABASE_URL
   * server) or `redis` (REDIS_URL). `auto` picks redis with REDIS_URL, else postgres with
   * DATABASE_URL, else memory.
   */
  RATE_LIMIT_STORE: z.enum(['auto', 'memory', 'postgres', 'redis']).default('auto'),
  REDIS_URL: optionalUrl(/^rediss?$/),
  /**
   * This instance's name behind a balancer (e.g. `node1`): answered in X-AeroPool-Instance and
   * set as the `aeropool_node` cookie on chat connections, which deploy/nginx.conf sticks to.
   */
  INSTANCE_NAME: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'must be 1 to 32 lower-case letters, digits or dashes')
    .optional(),
  /** Swagger UI and the OpenAPI document at /api/docs; on by default outside production. */
  API_DOCS: z.stringbool().optional(),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Resolved against the working folder: the static file server takes absolute paths only. */
  WEB_DIST_DIR: z
    .string()
    .transform((dir) => path.resolve(dir))
    .optional(),
  GEOCODER: z.enum(['offline', 'photon', 'nominatim']).default('offline'),
  GEOCODER_URL: optionalUrl(/^https?$/),
  ROUTER: z.enum(['straight', 'osrm']).default('straight'),
  OSRM_URL: optionalUrl(/^https?$/),
  ROAD_CIRCUITY_FACTOR: z.coerce.number().min(1).max(3).default(1.3),
  MATCH_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
  /** A first sieve for candidates; the limits below decide what is shown. */
  MATCH_MAX_DISTANCE_KM: z.coerce.number().min(0.5).max(50).default(16),
  /**
   * Where demand is thin (the first search is not full), a second, wider sieve: pairs this far
   * apart can still fit when one lies on the other's corridor, and pickups a long drive apart.
   */
  MATCH_THIN_DISTANCE_KM: z.coerce.number().min(0.5).max(60).default(26),
  MATCH_THIN_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(80),
  /** Per rider in a shared cab (issue 10): extra minutes at most this many… */
  MATCH_MAX_DETOUR_MINUTES: z.coerce.number().min(0).max(120).default(15),
  /** …and at most this share of their solo minutes; the time misfit at most this many minutes. */
  MATCH_MAX_DETOUR_SHARE: z.coerce.number().min(0).max(1).default(0.25),
  MATCH_MAX_WAIT_MINUTES: z.coerce.number().min(1).max(120).default(15),
  /** Where SMS codes go: `outbox` (log + DATA_DIR/outbox/sms), `twilio` or `msg91`. */
  SMS_PROVIDER: z.enum(['outbox', 'twilio', 'msg91']).default('outbox'),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  /** The Twilio number (E.164) or alphanumeric sender id the SMS comes from. */
  TWILIO_FROM: optionalString,
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  MSG91_AUTH_KEY: optionalString,
  /** A DLT-registered MSG91 flow template with an `##otp##` variable. */
  MSG91_TEMPLATE_ID: optionalString,
  MSG91_API_URL: z.url().default('https://control.msg91.com'),
  /**
   * Web Push (issue 9): the VAPID key pair as `npx web-push generate-vapid-keys` prints it
   * (base64url). Without them a pair is generated once and kept in the database, which every
   * instance on one PostgreSQL shares; set them to keep subscriptions valid across databases.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  /** Who push services may contact about our pushes; by default mailto:SUPPORT_EMAIL. */
  VAPID_SUBJECT: optionalUrl(/^(https|mailto)$/),
  /**
   * Runs the background jobs (trip reminders, new-match alerts) in this process: pg-boss on the
   * database, once across instances. API tests switch it off unless they test it.
   */
  JOB_RUNNER: z.stringbool().default(true),
  /** Test-only: exposes PUT /api/test/clock so end-to-end tests can move the server's clock. */
  ENABLE_TEST_CLOCK: z.stringbool().default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof envSchema> & { dataDir: string };

const crossChecks = (env: z.infer<typeof envSchema>): string[] => [
  ...(env.GEOCODER !== 'offline' && !env.GEOCODER_URL
    ? [`  GEOCODER_URL: required when GEOCODER=${env.GEOCODER}`]
    : []),
  ...(env.ROUTER === 'osrm' && !env.OSRM_URL ? ['  OSRM_URL: required when ROUTER=osrm'] : []),
  ...(env.RATE_LIMIT_STORE === 'postgres' && !env.DATABASE_URL
    ? ['  RATE_LIMIT_STORE: postgres needs DATABASE_URL']
    : []),
  ...(env.RATE_LIMIT_STORE === 'redis' && !env.REDIS_URL
    ? ['  RATE_LIMIT_STORE: redis needs REDIS_URL']
    : []),
  ...(env.SMS_PROVIDER === 'twilio'
    ? (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const)
        .filter((name) => !env[name])
        .map((name) => `  ${name}: required when SMS_PROVIDER=twilio`)
    : []),
  ...(env.SMS_PROVIDER === 'msg91'
    ? (['MSG91_AUTH_KEY', 'MSG91_TEMPLATE_ID'] as const)
        .filter((name) => !env[name])
        .map((name) => `  ${name}: required when SMS_PROVIDER=msg91`)
    : []),
  ...(!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY
    ? ['  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither']
    : []),
  ...(env.ENABLE_TEST_CLOCK && env.NODE_ENV === 'production'
    ? ['  ENABLE_TEST_CLOCK: not allowed when NODE_ENV=production']
    : []),
];

export class ConfigError extends Error {}

/** Reads the environment once; a bad value stops the server with the variable's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A variable set empty (`PORT=` in a unit file, a blank line in an .env) is unset: coerced, it
  // would be 0, which is a valid port and a valid detour limit, and the server would run on it.
  // Not MAIL_RETRY_SECONDS, whose empty list means no retries.
  const given = Object.fromEntries(
    Object.entries(env).filter(([name, value]) => value !== '' || name === 'MAIL_RETRY_SECONDS'),
  );
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const problems = crossChecks(parsed.data);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
