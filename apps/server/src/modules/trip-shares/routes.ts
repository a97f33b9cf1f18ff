import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, idParamsSchema } from '@aeropool/contract/envelope';
import {
  sharedTripSchema,
  TRIP_SHARE_MESSAGES,
  tripShareParamsSchema,
  tripShareSchema,
  tripShareStateSchema,
} from '@aeropool/contract/trip-share';
import { inMinutes, type LimitRule } from '../../plugins/limits';
import { createTripShare, sharedTrip, stopTripShare, tripShareState } from './trip-share-service';

/**
 * The page polls 12 times a minute. Many families can share one carrier address (mobile networks
 * here sit behind carrier-grade NAT), so the limit leaves room for fifty viewers at once; a token
 * is 32 random bytes, so the limit is against load, not guessing.
 */
const viewsPerAddress: LimitRule = { name: 'trip-share-views', max: 600, windowMs: 60_000 };

/**
 * Each link made is a row kept and a wait on the match's lock, which the co-riders' cancel,
 * complete and rate take too: a rider sharing with a few people makes a handful.
 */
const linksPerRider: LimitRule = {
  name: 'trip-share-links',
  max: 20,
  windowMs: 3_600_000,
  message: (seconds) =>
    `You have made many trip links in the last hour. Please try again in ${inMinutes(seconds)}.`,
};

const tripSharesRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const secured = [{ bearerAuth: [] }];
  const own = { preValidation: fastify.authenticate };

  app.post(
    '/match/:id/share',
    {
      ...own,
      schema: {
        tags: ['matches'],
        security: secured,
        params: idParamsSchema,
        response: { 201: envelopeSchema(tripShareSchema) },
      },
    },
    async (request, reply) => {
      const share = await fastify.limits.consumeFor(linksPerRider, request.userId, () =>
        createTripShare(fastify, request.userId, request.params.id),
      );
      return reply
        .code(201)
        .send({ statusCode: 201, message: TRIP_SHARE_MESSAGES.created, entities: [share] });
    },
  );

  app.get(
    '/match/:id/share',
    {
      ...own,
      schema: {
        tags: ['matches'],
        security: secured,
        params: idParamsSchema,
        response: { 200: envelopeSchema(tripShareStateSchema) },
      },
    },
    async (request) => ({
      statusCode: 200,
      message: 'OK',
      entities: [await tripShareState(fastify, request.userId, request.params.id)],
    }),
  );

  app.delete(
    '/match/:id/share',
    {
      ...own,
      schema: {
        tags: ['matches'],
        security: secured,
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.never()) },
      },
    },
    async (request) => {
      await stopTripShare(fastify, request.userId, request.params.id);
      return { statusCode: 200, message: TRIP_SHARE_MESSAGES.stopped, entities: [] };
    },
  );

  app.get(
    '/trip/:token',
    {
      schema: {
        tags: ['matches'],
        params: tripShareParamsSchema,
        response: { 200: envelopeSchema(sharedTripSchema) },
      },
    },
    async (request, reply) => {
      await fastify.limits.consume(viewsPerAddress, request.ip);
      reply.header('x-robots-tag', 'noindex, nofollow');
      reply.header('cache-control', 'no-store');
      return {
        statusCode: 200,
        message: 'OK',
        entities: [await sharedTrip(fastify, request.params.token)],
      };
    },
  );
};

export default tripSharesRoutes;
