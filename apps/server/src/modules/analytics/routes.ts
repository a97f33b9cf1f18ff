import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { pageViewBodySchema } from '@aeropool/contract/analytics';
import { appRouteOf } from '@aeropool/contract/app-routes';
import { envelopeSchema } from '@aeropool/contract/envelope';
import { TIME_ZONE } from '@aeropool/contract/product';
import { pageViews } from '../../db/schema';

/**
 * Counted by the web app's route, ids folded (`/chat/:matchId`) and unknown paths pooled under the
 * 404 page, so anonymous callers cannot grow the table at will.
 */
const countedPath = (path: string) => appRouteOf(path) ?? '/404';

/** The calendar day in Bengaluru (YYYY-MM-DD): a visit at 01:00 IST is that day's, not the last. */
const dayInIndia = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(at);

/** First-party page-view counter: a count per path and day, nothing about the visitor. */
const analyticsRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.withTypeProvider<ZodTypeProvider>().post(
    '/analytics/pageview',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['analytics'],
        body: pageViewBodySchema,
        response: { 202: envelopeSchema(z.never()) },
      },
    },
    async (request, reply) => {
      const path = countedPath(request.body.path);
      const day = dayInIndia(fastify.now());
      await fastify.db
        .insert(pageViews)
        .values({ path, day, count: 1 })
        .onConflictDoUpdate({
          target: [pageViews.path, pageViews.day],
          set: { count: sql`${pageViews.count} + 1` },
        });
      return reply.code(202).send({ statusCode: 202, message: 'Counted.', entities: [] });
    },
  );
};

export default analyticsRoutes;
