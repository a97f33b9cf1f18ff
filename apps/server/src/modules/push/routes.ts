import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@aeropool/contract/envelope';
import {
  PUSH_MESSAGES,
  pushPublicKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@aeropool/contract/push';
import { subscribe, unsubscribe } from './subscription-service';
import { vapidKeys } from './vapid-keys';

/** Web Push (issue 9): the key a browser subscribes with, and its subscription on or off. */
const pushRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const secured = [{ bearerAuth: [] }];
  const own = { preValidation: fastify.authenticate };

  app.get(
    '/push/public-key',
    { schema: { tags: ['push'], response: { 200: envelopeSchema(pushPublicKeySchema) } } },
    async () => ({
      statusCode: 200,
      message: 'OK',
      entities: [{ publicKey: (await vapidKeys(fastify)).publicKey }],
    }),
  );

  app.post(
    '/push/subscriptions',
    {
      ...own,
      schema: {
        tags: ['push'],
        security: secured,
        body: pushSubscriptionSchema,
        response: { 201: envelopeSchema(z.never()) },
      },
    },
    async (request, reply) => {
      await subscribe(
        fastify,
        { userId: request.userId, sessionId: request.sessionId },
        request.body,
      );
      return reply
        .code(201)
        .send({ statusCode: 201, message: PUSH_MESSAGES.subscribed, entities: [] });
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      ...own,
      schema: {
        tags: ['push'],
        security: secured,
        body: pushUnsubscribeSchema,
        response: { 200: envelopeSchema(z.never()) },
      },
    },
    async (request) => {
      await unsubscribe(fastify, request.userId, request.body.endpoint);
      return { statusCode: 200, message: PUSH_MESSAGES.unsubscribed, entities: [] };
    },
  );
};

export default pushRoutes;
