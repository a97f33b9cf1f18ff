import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '@aeropool/contract/product';

/**
 * OpenAPI generated from the contract's zod schemas, with Swagger UI, at /api/docs: only outside
 * production, or with API_DOCS=true, so a production instance does not hand out a map of itself.
 * Not even built otherwise: collecting it from every route cost the start 50–100 ms (issue 7), and
 * its packages are loaded only where it is published.
 */
export default fp(async function docsPlugin(app: FastifyInstance) {
  if (!(app.config.API_DOCS ?? app.config.NODE_ENV !== 'production')) return;
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
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
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
