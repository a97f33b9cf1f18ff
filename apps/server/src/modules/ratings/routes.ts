import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@aeropool/contract/envelope';
import { ratingBodySchema, ratingDetailsBodySchema, ratingSchema } from '@aeropool/contract/rides';
import { rateCoPassenger, ratingDetails } from './rating-service';

const secured = [{ bearerAuth: [] }];

const ratingsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/rating',
    {
      preValidation: fastify.authenticate,
      schema: {
        tags: ['ratings'],
        security: secured,
        body: ratingBodySchema,
        response: { 200: envelopeSchema(ratingSchema), 201: envelopeSchema(ratingSchema) },
      },
    },
    async (request, reply) => {
      const { rating, created } = await rateCoPassenger(fastify, request.userId, request.body);
      // The rider's other tabs still offer Rate Now (and Completed would ask again, overwriting).
      fastify.notifyUser(request.userId, 'trips:changed', { reason: 'rated' });
      const statusCode = created ? 201 : 200;
      return reply.code(statusCode).send({
        statusCode,
        message: created ? 'Rating saved.' : 'Rating updated.',
        entities: [rating],
      });
    },
  );

  app.post(
    '/rating/details',
    {
      preValidation: fastify.authenticate,
      schema: {
        tags: ['ratings'],
        security: secured,
        body: ratingDetailsBodySchema,
        response: { 200: envelopeSchema(ratingSchema) },
      },
    },
    async (request) => ({
      statusCode: 200,
      message: 'OK',
      entities: await ratingDetails(fastify, request.userId, request.body),
    }),
  );
};

export default ratingsRoutes;
