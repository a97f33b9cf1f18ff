import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@aeropool/contract/envelope';
import { JOB_NAMES } from '../notifications/job-names';

/**
 * Test-only (ENABLE_TEST_CLOCK=true, refused in production): end-to-end tests move the server's
 * clock to reach "after the trip" without waiting. Never registered otherwise.
 */
const testClockRoutes =
  (setOffset: (ms: number) => void): FastifyPluginAsync =>
  async (fastify) => {
    fastify.withTypeProvider<ZodTypeProvider>().put(
      '/test/clock',
      {
        schema: {
          hide: true,
          body: z.object({ offsetMs: z.number().int() }),
          response: { 200: envelopeSchema(z.object({ now: z.string() })) },
        },
      },
      async (request) => {
        setOffset(request.body.offsetMs);
        // Jobs on a schedule run by the minute; a moved clock runs the reminders now.
        await fastify.jobs.send(JOB_NAMES.reminders);
        return { statusCode: 200, message: 'OK', entities: [{ now: fastify.now().toISOString() }] };
      },
    );
  };

export default testClockRoutes;
