import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '@aeropool/contract/product';

/**
 * OpenAPI generated from the contract's zod schemas (always built: the fuzz suite walks it);
 * Swagger UI and the JSON at /api/docs only outside production, or with API_DOCS=true, so a
 * production instance does not hand out a map of itself.
 */
export default fp(async function docsPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        description: 'Every answer is an envelope { statusCode, message, entities }.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  const published = app.config.API_DOCS ?? app.config.NODE_ENV !== 'production';
  if (published) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
