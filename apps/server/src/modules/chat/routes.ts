import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chatHistoryQuerySchema, chatMessageSchema } from '@aeropool/contract/chat';
import { envelopeSchema } from '@aeropool/contract/envelope';
import { listMessages } from './chat-service';
import { registerChatSocket } from './chat-socket';

const chatRoutes: FastifyPluginAsync = async (fastify) => {
  registerChatSocket(fastify);

  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/match/messages/:matchId',
    {
      preValidation: fastify.authenticate,
      schema: {
        tags: ['chat'],
        security: [{ bearerAuth: [] }],
        params: z.object({ matchId: z.uuid('Invalid match.') }),
        querystring: chatHistoryQuerySchema,
        response: { 200: envelopeSchema(chatMessageSchema) },
      },
    },
    async (request) => ({
      statusCode: 200,
      message: 'OK',
      entities: await listMessages(fastify, request.userId, request.params.matchId, request.query),
    }),
  );
};

export default chatRoutes;
