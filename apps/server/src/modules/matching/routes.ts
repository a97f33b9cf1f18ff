import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, idParamsSchema } from '@aeropool/contract/envelope';
import {
  matchesAndRequestsSchema,
  RIDE_MESSAGES,
  respondMatchRequestBodySchema,
  sendMatchRequestBodySchema,
} from '@aeropool/contract/rides';
import {
  cancelMatchRequest,
  respondToMatchRequest,
  sendMatchRequest,
} from './match-request-service';
import { keepJson, sendKeptJson } from '../../lib/kept-json';
import { findMatchesAndRequests } from './potential-matches';

const secured = [{ bearerAuth: [] }];
const requestIdParams = z.object({ requestId: z.uuid('Invalid id.') });

const matchingRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ride-request/potential-matches-and-requests/:requestId',
    {
      preValidation: fastify.authenticate,
      schema: {
        tags: ['matching'],
        security: secured,
        params: requestIdParams,
        response: { 200: envelopeSchema(matchesAndRequestsSchema) },
      },
    },
    async (request, reply) => {
      const { requestId } = request.params;
      const kept = await fastify.matchesCache.answer(
        { requestId, userId: request.userId, now: fastify.now() },
        // The route's own serializer (zod's, which writes a string): the answer is checked against
        // the response schema, and stripped to it, once when computed, not at every cached read.
        async () => {
          const answer = await findMatchesAndRequests(fastify, requestId, request.userId);
          return keepJson(
            reply.serialize({ statusCode: 200, message: 'OK', entities: [answer] }) as string,
          );
        },
      );
      return sendKeptJson(request, reply, kept);
    },
  );

  app.post(
    '/ride-request/send-match-request',
    {
      preValidation: fastify.authenticate,
      schema: {
        tags: ['matching'],
        security: secured,
        body: sendMatchRequestBodySchema,
        response: { 201: envelopeSchema(z.object({ _id: z.string() })) },
      },
    },
    async (request, reply) => {
      const created = await sendMatchRequest(
        fastify,
        request.userId,
        request.body.fromRequest,
        request.body.toRequest,
      );
      return reply.code(201).send({
        statusCode: 201,
        message: RIDE_MESSAGES.matchRequestSent,
        entities: [{ _id: created.id }],
      });
    },
  );

  app.put(
    '/ride-request/respond-match-request',
    {
      preValidation: fastify.authenticate,
      schema: {
        tags: ['matching'],
        security: secured,
        body: respondMatchRequestBodySchema,
        response: { 200: envelopeSchema(z.object({ matchId: z.string().optional() })) },
      },
    },
    async (request) => {
      const result = await respondToMatchRequest(fastify, request.userId, request.body);
      return result.accepted
        ? {
            statusCode: 200,
            message: RIDE_MESSAGES.matchAccepted,
            entities: [{ matchId: result.matchId }],
          }
        : { statusCode: 200, message: RIDE_MESSAGES.matchDeclined, entities: [] };
    },
  );

  app.delete(
    '/ride-request/match-request/:id',
    {
      preValidation: fastify.authenticate,
      schema: {
        tags: ['matching'],
        security: secured,
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.never()) },
      },
    },
    async (request) => {
      await cancelMatchRequest(fastify, request.userId, request.params.id);
      return { statusCode: 200, message: 'Match request cancelled', entities: [] };
    },
  );
};

export default matchingRoutes;
