import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { pageViewBodySchema } from '@aeropool/contract/analytics';
import { envelopeSchema } from '@aeropool/contract/envelope';
import { pageViews } from '../../db/schema';

/** The SPA's routes (spec §2); anything else counts as the 404 page. */
const KNOWN_PATHS = new Set([
  '/',
  '/login',
  '/signup',
  '/profile',
  '/dashboard',
  '/support',
  '/forgot-password',
  '/experiment',
  '/privacy',
  '/tos',
]);

/** Ids are folded and unknown paths pooled, so anonymous callers cannot grow the table at will. */
const countedPath = (path: string) =>
  /^\/chat\/[^/]+$/.test(path) ? '/chat/:matchId' : KNOWN_PATHS.has(path) ? path : '/404';

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
      const day = fastify.now().toISOString().slice(0, 10);
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
