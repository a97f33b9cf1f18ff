import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@aeropool/contract/envelope';
import { supportTicketBodySchema, supportTicketSchema } from '@aeropool/contract/support';
import type { LimitRule } from '../../plugins/limits';
import { createSupportTicket } from './support-service';

const HOUR_MS = 3_600_000;
const limitMessage = (seconds: number) =>
  `You have sent several support tickets recently. Please wait ${Math.max(1, Math.ceil(seconds / 60))} minutes, or reply to our e-mail about an earlier ticket.`;

/** Each ticket mails the support team and the rider: a handful an hour is plenty for a person. */
const ticketsPerRider: LimitRule = {
  name: 'support-rider',
  max: 5,
  windowMs: HOUR_MS,
  message: limitMessage,
};
/** Many accounts from one network (one NAT may hold several honest riders). */
const ticketsPerAddress: LimitRule = {
  name: 'support-ip',
  max: 20,
  windowMs: HOUR_MS,
  message: limitMessage,
};

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
      await fastify.limits.consume(ticketsPerRider, request.userId);
      await fastify.limits.consume(ticketsPerAddress, request.ip);
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
