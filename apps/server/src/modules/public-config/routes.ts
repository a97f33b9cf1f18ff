import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@aeropool/contract/envelope';
import { landingFiguresSchema } from '@aeropool/contract/landing-figures';
import { publicConfigSchema } from '@aeropool/contract/public-config';
import { landingFiguresCache } from './landing-figures';

/** The SPA is built once; what differs per server (Google client id, support address) comes from here. */
const publicConfigRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/config',
    { schema: { tags: ['config'], response: { 200: envelopeSchema(publicConfigSchema) } } },
    async () => ({
      statusCode: 200,
      message: 'OK',
      entities: [
        {
          googleClientId: fastify.config.GOOGLE_CLIENT_ID ?? null,
          supportEmail: fastify.config.SUPPORT_EMAIL,
        },
      ],
    }),
  );

  const landingFigures = landingFiguresCache(fastify);
  app.get(
    '/public/figures',
    { schema: { tags: ['config'], response: { 200: envelopeSchema(landingFiguresSchema) } } },
    async (_request, reply) => {
      const figures = await landingFigures();
      // Measured every 10 minutes at most: a browser or a cache in front may keep it 5.
      void reply.header('cache-control', 'public, max-age=300');
      return { statusCode: 200, message: 'OK', entities: [figures] };
    },
  );
};

export default publicConfigRoutes;
