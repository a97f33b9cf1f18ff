import { registerMatchesCache } from './modules/matching/matches-cache';
import fastifyCompress from '@fastify/compress';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { UNSUBSCRIBE_PAGE } from '@aeropool/contract/app-routes';
import { randomUUID } from 'node:crypto';
import type { Config } from './config';
import type { Database } from './db/database';
import { createMailer } from './lib/mailer';
import { createSmsSender, type SmsSender } from './lib/sms/sms-sender';
import { REDACT_PATHS, serializeError, serializeRequest } from './lib/log-redaction';
import { createRouter } from './lib/geo/router';
import path from 'node:path';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD_BYTES } from './lib/kept-json';
import type { Secrets } from './lib/secrets';
import authPlugin from './plugins/auth';
import docsPlugin from './plugins/docs';
import realtimePlugin from './plugins/realtime';
import jobsPlugin from './plugins/jobs';
import { JOB_NAMES } from './modules/notifications/job-names';
import { notificationJobs } from './modules/notifications/notification-jobs';
import { accountJobs } from './modules/accounts/account-jobs';
import { tripShareJobs } from './modules/trip-shares/trip-share-jobs';
import errorsPlugin from './plugins/errors';
import limitsPlugin from './plugins/limits';
import { createLimitStore } from './lib/rate-limit/create-store';
import type { LimitStore } from './lib/rate-limit/limit-store';
import securityPlugin from './plugins/security';
import { registerWeb } from './plugins/web';
import { apiModules } from './modules';
import testClockRoutes from './modules/test-clock/routes';
import { keepOutboxPruned } from './lib/outbox-prune';

export type AppDeps = {
  config: Config;
  database: Database;
  secrets: Secrets;
  /** The server's clock; tests move it to reach expiry without waiting. */
  now?: () => Date;
  /** Rate-limit counters; by default the store RATE_LIMIT_STORE names. */
  limitStore?: LimitStore;
  /** Where SMS go; by default the adapter SMS_PROVIDER names. */
  sms?: SmsSender;
};

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export const loggerOptions = (level: string): FastifyServerOptions['logger'] => ({
  level,
  redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  serializers: { err: serializeError, error: serializeError, req: serializeRequest },
});

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
/**
 * Every schema is the contract's zod. Given as the compilers' factories, Fastify never loads its
 * own (ajv and fast-json-stringify), which the server's build leaves out (build/zod-only.ts).
 * Fastify types the factories for ajv's schemas only, hence the cast.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/** Builds the whole app (API, docs, web) without listening; tests call inject on it. */
export async function buildApp(
  deps: AppDeps,
  options: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // A caller's (or the balancer's) x-request-id ties our log to theirs, but only a short, safe
    // one: anything else would go unchecked into logs and answers.
    requestIdHeader: false,
    genReqId: (request) => {
      const offered = request.headers['x-request-id'];
      return typeof offered === 'string' && SAFE_REQUEST_ID.test(offered) ? offered : randomUUID();
    },
    // Errors the router raises before any route (a malformed or over-long address) get the
    // same envelope as everything else, not Fastify's own shape.
    frameworkErrors: (error, _request, reply) => {
      const statusCode = error.statusCode ?? 400;
      void (reply as FastifyReply).code(statusCode).send({
        statusCode,
        message:
          error.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? 'The address is too long.'
            : 'The address is not valid.',
        entities: [],
      });
    },
    schemaController: { compilersFactory: zodCompilers },
    ...options,
  });

  app.decorate('config', config);
  app.decorate('db', deps.database.db);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
    retryDelaysMs: config.MAIL_RETRY_SECONDS.map((seconds) => seconds * 1000),
  });
  app.decorate('mailer', mailer);
  // Mail and SMS written here hold one-time codes: each instance clears its own.
  keepOutboxPruned(app, path.join(config.dataDir, 'outbox'));
  // Closed after the job runner (Fastify closes in reverse), which settles the mails first.
  app.addHook('onClose', async () => mailer.close());
  app.decorate(
    'sms',
    deps.sms ?? createSmsSender(config, app.log, path.join(config.dataDir, 'outbox', 'sms')),
  );
  app.decorate('secrets', deps.secrets);
  const baseNow = deps.now ?? (() => new Date());
  let clockOffsetMs = 0;
  app.decorate('now', () => new Date(baseNow().getTime() + clockOffsetMs));
  app.decorate('routeProvider', createRouter(config, app.log));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (config.INSTANCE_NAME) reply.header('x-aeropool-instance', config.INSTANCE_NAME);
    // A family member's trip link, or a rider's unsubscribe link, is nobody else's business,
    // search engines included.
    if (request.url.startsWith('/trip/') || request.url.startsWith(`${UNSUBSCRIBE_PAGE}?`))
      reply.header('x-robots-tag', 'noindex, nofollow');
  });

  await app.register(errorsPlugin);
  await app.register(limitsPlugin, {
    store: deps.limitStore ?? (await createLimitStore(config, deps.database, app.log)),
  });
  await app.register(securityPlugin);
  await app.register(authPlugin, { database: deps.database });
  await registerMatchesCache(app, deps.database);
  await app.register(docsPlugin);
  await app.register(realtimePlugin, { postgresUrl: deps.database.postgresUrl });
  await app.register(jobsPlugin, {
    database: deps.database,
    jobs: () => [...notificationJobs(app), ...accountJobs(app), ...tripShareJobs(app)],
    // Mails still being sent (a job's or a request's) finish while a failure can still be queued.
    beforeStop: () => mailer.settle(),
  });
  // A notice mail that failed waits for its next attempt in the database, not in this process.
  if (config.JOB_RUNNER)
    mailer.keepRetriesIn((mail, delayMs) =>
      app.jobs.sendAfter(JOB_NAMES.noticeMail, mail, delayMs / 1000),
    );

  await app.register(
    async (api) => {
      // API answers only: static files are pre-compressed at build time and socket.io answers
      // on the raw server, outside Fastify's hooks.
      await api.register(fastifyCompress, {
        threshold: COMPRESS_THRESHOLD_BYTES,
        encodings: ['br', 'gzip'],
        brotliOptions: BROTLI_OPTIONS,
      });
      for (const module of apiModules(deps.database)) await api.register(module);
      if (config.ENABLE_TEST_CLOCK) {
        await api.register(testClockRoutes((ms) => (clockOffsetMs = ms)));
      }
    },
    { prefix: '/api' },
  );
  await registerWeb(app, config.WEB_DIST_DIR);
  return app;
}
