import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, idParamsSchema } from '@aeropool/contract/envelope';
import { RIDE_MESSAGES, rideRequestBodySchema, rideRequestSchema } from '@aeropool/contract/rides';
import { cancelRideRequest, createRideRequest, updateRideRequest } from './ride-request-service';
import { sharedRateLimit } from '../../plugins/security';
import { loadRideRequestViews } from './ride-request-view';

const secured = [{ bearerAuth: [] }];

const ridesRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Posting and editing a ride works out a road route (an OSRM call where one is configured) and
  // searches for matches for it: 30 of them, posts and edits together, in 10 minutes a rider.
  const rideWrites = sharedRateLimit(fastify, {
    max: 30,
    timeWindow: '10 minutes',
    keyGenerator: (request) => `ride-writes|${request.userId}`,
  });
  const view = async (id: string) =>
    (await loadRideRequestViews(fastify.db, [id], fastify.now())).get(id)!;

  app.post(
    '/ride-request/create',
    {
      preValidation: fastify.authenticate,
      preHandler: rideWrites,
      schema: {
        tags: ['rides'],
        security: secured,
        body: rideRequestBodySchema,
        response: { 201: envelopeSchema(rideRequestSchema) },
      },
    },
    async (request, reply) => {
      const row = await createRideRequest(fastify, request.userId, request.body);
      return reply
        .code(201)
        .send({ statusCode: 201, message: RIDE_MESSAGES.created, entities: [await view(row.id)] });
    },
  );

  app.put(
    '/ride-request/update/:id',
    {
      preValidation: fastify.authenticate,
      preHandler: rideWrites,
      schema: {
        tags: ['rides'],
        security: secured,
        params: idParamsSchema,
        body: rideRequestBodySchema,
        response: { 200: envelopeSchema(rideRequestSchema) },
      },
    },
    async (request) => {
      const row = await updateRideRequest(fastify, request.userId, request.params.id, request.body);
      return { statusCode: 200, message: RIDE_MESSAGES.updated, entities: [await view(row.id)] };
    },
  );

  app.delete(
    '/ride-request/cancel/:id',
    {
      preValidation: fastify.authenticate,
      schema: {
        tags: ['rides'],
        security: secured,
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.never()) },
      },
    },
    async (request) => {
      await cancelRideRequest(fastify, request.userId, request.params.id);
      return { statusCode: 200, message: RIDE_MESSAGES.cancelled, entities: [] };
    },
  );
};

export default ridesRoutes;
