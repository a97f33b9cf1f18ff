import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@aeropool/contract/envelope';
import { supportTicketBodySchema, supportTicketSchema } from '@aeropool/contract/support';
import { createSupportTicket } from './support-service';

const supportRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.withTypeProvider<ZodTypeProvider>().post(
    '/support',
    {
      preValidation: fastify.authenticate,
      schema: {
        tags: ['support'],
        security: [{ bearerAuth: [] }],
        body: supportTicketBodySchema,
        response: { 201: envelopeSchema(supportTicketSchema) },
      },
    },
    async (request, reply) => {
      const ticket = await createSupportTicket(fastify, request.userId, request.body);
      return reply.code(201).send({
        statusCode: 201,
        message: 'Support ticket submitted successfully!',
        entities: [ticket],
      });
    },
  );
};

export default supportRoutes;
