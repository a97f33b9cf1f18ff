import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@aeropool/contract/envelope';
import { publicConfigSchema } from '@aeropool/contract/public-config';

/** The SPA is built once; what differs per server (Google client id, support address) comes from here. */
const publicConfigRoutes: FastifyPluginAsync = async (fastify) => {
  fastify
    .withTypeProvider<ZodTypeProvider>()
    .get(
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
};

export default publicConfigRoutes;
