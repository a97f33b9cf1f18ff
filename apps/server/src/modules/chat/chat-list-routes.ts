import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chatSummarySchema } from '@aeropool/contract/chat';
import { envelopeSchema } from '@aeropool/contract/envelope';
import { listChats } from './chat-list-service';

/** GET /api/chats: the Chats tab (issue 9). */
const chatListRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/chats',
    {
      preValidation: fastify.authenticate,
      schema: {
        tags: ['chat'],
        security: [{ bearerAuth: [] }],
        response: { 200: envelopeSchema(chatSummarySchema) },
      },
    },
    async (request) => ({
      statusCode: 200,
      message: 'OK',
      entities: await listChats(fastify, request.userId),
    }),
  );
};

export default chatListRoutes;
