import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@aeropool/contract/envelope';
import type { Database } from '../../db/database';

const PING_TIMEOUT_MS = 2000;

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.string() });

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);

const healthRoutes =
  (database: Database): FastifyPluginAsync =>
  async (app) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/health',
      {
        schema: {
          tags: ['health'],
          response: { 200: envelopeSchema(healthSchema), 503: envelopeSchema(healthSchema) },
        },
      },
      async (request, reply) => {
        try {
          await withTimeout(database.ping(), PING_TIMEOUT_MS);
          return {
            statusCode: 200,
            message: 'OK',
            entities: [{ status: 'ok' as const, database: database.kind }],
          };
        } catch (error) {
          request.log.error({ err: error }, 'health check: database unreachable');
          return reply.code(503).send({
            statusCode: 503,
            message: 'The database is unreachable.',
            entities: [{ status: 'unavailable' as const, database: database.kind }],
          });
        }
      },
    );
  };

export default healthRoutes;
