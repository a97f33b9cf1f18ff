import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@aeropool/contract/envelope';
import {
  blockBodySchema,
  blockedRiderSchema,
  blockParamsSchema,
  reportBodySchema,
  reportReceiptSchema,
  SAFETY_MESSAGES,
} from '@aeropool/contract/safety';
import { blockRider, listBlocks, unblockRider } from './block-service';
import { createReport } from './report-service';

const safetyRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const secured = [{ bearerAuth: [] }];
  const own = { preValidation: fastify.authenticate };

  app.get(
    '/blocks',
    {
      ...own,
      schema: {
        tags: ['safety'],
        security: secured,
        response: { 200: envelopeSchema(blockedRiderSchema) },
      },
    },
    async (request) => ({
      statusCode: 200,
      message: 'OK',
      entities: await listBlocks(fastify, request.userId),
    }),
  );

  app.post(
    '/blocks',
    {
      ...own,
      schema: {
        tags: ['safety'],
        security: secured,
        body: blockBodySchema,
        response: { 201: envelopeSchema(z.never()) },
      },
    },
    async (request, reply) => {
      const { name } = await blockRider(fastify, request.userId, request.body.userId);
      return reply
        .code(201)
        .send({ statusCode: 201, message: SAFETY_MESSAGES.blocked(name), entities: [] });
    },
  );

  app.delete(
    '/blocks/:userId',
    {
      ...own,
      schema: {
        tags: ['safety'],
        security: secured,
        params: blockParamsSchema,
        response: { 200: envelopeSchema(z.never()) },
      },
    },
    async (request) => {
      const { name } = await unblockRider(fastify, request.userId, request.params.userId);
      return { statusCode: 200, message: SAFETY_MESSAGES.unblocked(name), entities: [] };
    },
  );

  app.post(
    '/reports',
    {
      ...own,
      schema: {
        tags: ['safety'],
        security: secured,
        body: reportBodySchema,
        response: { 201: envelopeSchema(reportReceiptSchema) },
      },
    },
    async (request, reply) => {
      const receipt = await createReport(fastify, request.userId, request.body);
      return reply.code(201).send({
        statusCode: 201,
        message: SAFETY_MESSAGES.reported(receipt.reference),
        entities: [receipt],
      });
    },
  );
};

export default safetyRoutes;
