import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@aeropool/contract/envelope';
import { supportTicketBodySchema, supportTicketSchema } from '@aeropool/contract/support';
import { inMinutes, type LimitRule } from '../../plugins/limits';
import { createSupportTicket } from './support-service';

const HOUR_MS = 3_600_000;

/** Each ticket mails the support team and the rider: a handful an hour is plenty for a person. */
const ticketsPerRider: LimitRule = {
  name: 'support-rider',
  max: 5,
  windowMs: HOUR_MS,
  message: (seconds) =>
    `You have sent several support tickets recently. Please wait ${inMinutes(seconds)}, or reply to our e-mail about an earlier ticket.`,
};
/**
 * Many accounts from one network (one NAT may hold several honest riders): the rider may have
 * sent none, so the text does not say they did.
 */
const ticketsPerAddress: LimitRule = {
  name: 'support-ip',
  max: 20,
  windowMs: HOUR_MS,
  message: (seconds) =>
    `Many support tickets have come from your network in the last hour. Please try again in ${inMinutes(seconds)}, or write to us by e-mail.`,
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
      // The network first, so a rider refused for it keeps their own five; only tickets stored
      // are counted (a failed save gives both hits back).
      const ticket = await fastify.limits.consumeFor(ticketsPerAddress, request.ip, () =>
        fastify.limits.consumeFor(ticketsPerRider, request.userId, () =>
          createSupportTicket(fastify, request.userId, request.body),
        ),
      );
      return reply.code(201).send({
        statusCode: 201,
        message: 'Support ticket submitted successfully!',
        entities: [ticket],
      });
    },
  );
};

export default supportRoutes;
