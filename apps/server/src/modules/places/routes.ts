import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@aeropool/contract/envelope';
import {
  placeProvidersSchema,
  placeSearchQuerySchema,
  placeSearchResultSchema,
} from '@aeropool/contract/places';
import { availableProviders, searchPlaces } from './places-service';

/**
 * Public, since the search box is used before sign-in too; the per-IP limit keeps it from being
 * used as a free geocoding API (and protects an online provider behind it). ~1 call per typed
 * character stays well under it.
 */
const searchRateLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

const placesRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/places/search',
    {
      config: searchRateLimit,
      schema: {
        tags: ['places'],
        querystring: placeSearchQuerySchema,
        response: { 200: envelopeSchema(placeSearchResultSchema) },
      },
    },
    async (request) => ({
      statusCode: 200,
      message: 'OK',
      entities: await searchPlaces(fastify, request.query),
    }),
  );

  app.get(
    '/places/providers',
    { schema: { tags: ['places'], response: { 200: envelopeSchema(placeProvidersSchema) } } },
    async () => ({
      statusCode: 200,
      message: 'OK',
      entities: [availableProviders(fastify.config)],
    }),
  );
};

export default placesRoutes;
