import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, idParamsSchema } from '@aeropool/contract/envelope';
import { matchSchema, updateMatchBodySchema } from '@aeropool/contract/rides';
import { requireMembership, updateMatchStatus } from './match-service';
import { loadMatchViews } from './match-view';

const matchesRoutes: FastifyPluginAsync = async (fastify) => {
  const matchView = async (id: string, userId: string) =>
    (await loadMatchViews(fastify.db, [id], fastify.now(), { userId, config: fastify.config })).get(
      id,
    )!;

  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/match/:id',
    {
      preValidation: fastify.authenticate,
      schema: {
        tags: ['matches'],
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: { 200: envelopeSchema(matchSchema) },
      },
    },
    async (request) => {
      await requireMembership(fastify, request.params.id, request.userId);
      return {
        statusCode: 200,
        message: 'OK',
        entities: [await matchView(request.params.id, request.userId)],
      };
    },
  );

  fastify.withTypeProvider<ZodTypeProvider>().put(
    '/match/:id',
    {
      preValidation: fastify.authenticate,
      schema: {
        tags: ['matches'],
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: updateMatchBodySchema,
        response: { 200: envelopeSchema(matchSchema) },
      },
    },
    async (request) => {
      await updateMatchStatus(fastify, request.userId, request.params.id, request.body.status, {
        alsoCancelMyRequest: request.body.alsoCancelMyRequest,
      });
      return {
        statusCode: 200,
        message: `Match ${request.body.status.toLowerCase()}.`,
        entities: [await matchView(request.params.id, request.userId)],
      };
    },
  );
};

export default matchesRoutes;
