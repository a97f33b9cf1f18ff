import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@aeropool/contract/envelope';
import type { Database } from '../../db/database';
import { cachedDeepChecks, isHealthy } from './deep-checks';

const PING_TIMEOUT_MS = 2000;

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.string(),
  checks: z
    .object({
      databaseWrite: z.enum(['ok', 'failed']),
      dataDirWrite: z.enum(['ok', 'failed']),
      dataDirFreeBytes: z.number().nullable(),
    })
    .optional(),
});

const querySchema = z.object({
  deep: z
    .enum(['0', '1', 'true', 'false'], { error: 'deep must be 1 or 0.' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);

/**
 * GET /api/health stays one cheap ping for the balancer; `?deep=1` also proves that writes
 * land (database and DATA_DIR) and reports the free space, for monitoring.
 */
const healthRoutes =
  (database: Database): FastifyPluginAsync =>
  async (app) => {
    const deepChecks = cachedDeepChecks(database, app.config.dataDir);
    app.withTypeProvider<ZodTypeProvider>().get(
      '/health',
      {
        schema: {
          tags: ['health'],
          querystring: querySchema,
          response: { 200: envelopeSchema(healthSchema), 503: envelopeSchema(healthSchema) },
        },
      },
      async (request, reply) => {
        const unavailable = (message: string, checks?: z.infer<typeof healthSchema>['checks']) =>
          reply.code(503).send({
            statusCode: 503,
            message,
            entities: [{ status: 'unavailable' as const, database: database.kind, checks }],
          });
        try {
          await withTimeout(database.ping(), PING_TIMEOUT_MS);
        } catch (error) {
          request.log.error({ err: error }, 'health check: database unreachable');
          return unavailable('The database is unreachable.');
        }
        if (!request.query.deep) {
          return {
            statusCode: 200,
            message: 'OK',
            entities: [{ status: 'ok' as const, database: database.kind }],
          };
        }
        const checks = await withTimeout(deepChecks(), PING_TIMEOUT_MS).catch(() => ({
          databaseWrite: 'failed' as const,
          dataDirWrite: 'failed' as const,
          dataDirFreeBytes: null,
        }));
        if (!isHealthy(checks)) {
          request.log.error({ checks }, 'health check: writes failing or disk nearly full');
          return unavailable('Writes are failing or the data folder is nearly full.', checks);
        }
        return {
          statusCode: 200,
          message: 'OK',
          entities: [{ status: 'ok' as const, database: database.kind, checks }],
        };
      },
    );
  };

export default healthRoutes;
