import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@aeropool/contract/envelope';
import { tripSchema } from '@aeropool/contract/rides';
import { selfOnly } from '../../plugins/auth';
import { listTrips } from './trip-service';

const params = z.object({ tab: z.enum(['upcoming', 'past']), userId: z.uuid('Invalid id.') });

const tripsRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/match-or-ride-request/:tab/:userId',
    {
      preValidation: [fastify.authenticate, selfOnly('userId')],
      schema: {
        tags: ['trips'],
        security: [{ bearerAuth: [] }],
        params,
        response: { 200: envelopeSchema(tripSchema) },
      },
    },
    async (request) => {
      return {
        statusCode: 200,
        message: 'OK',
        entities: await listTrips(fastify, request.userId, request.params.tab),
      };
    },
  );
};

export default tripsRoutes;
