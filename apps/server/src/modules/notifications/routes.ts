import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@aeropool/contract/envelope';
import {
  emailPreferencesSchema,
  markNotificationsReadSchema,
  notificationListSchema,
} from '@aeropool/contract/notifications';
import {
  getEmailPreferences,
  listNotifications,
  markNotificationsRead,
  setEmailPreferences,
} from './notification-service';

/** The notification centre and the e-mail switches on /profile (issue 9). */
const notificationsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const secured = [{ bearerAuth: [] }];
  const own = { preValidation: fastify.authenticate };

  app.get(
    '/notifications',
    {
      ...own,
      schema: {
        tags: ['notifications'],
        security: secured,
        response: { 200: envelopeSchema(notificationListSchema) },
      },
    },
    async (request) => ({
      statusCode: 200,
      message: 'OK',
      entities: [await listNotifications(fastify, request.userId)],
    }),
  );

  app.post(
    '/notifications/read',
    {
      ...own,
      schema: {
        tags: ['notifications'],
        security: secured,
        body: markNotificationsReadSchema,
        response: { 200: envelopeSchema(notificationListSchema) },
      },
    },
    async (request) => {
      await markNotificationsRead(fastify, request.userId, request.body);
      return {
        statusCode: 200,
        message: 'OK',
        entities: [await listNotifications(fastify, request.userId)],
      };
    },
  );

  app.get(
    '/notifications/email-preferences',
    {
      ...own,
      schema: {
        tags: ['notifications'],
        security: secured,
        response: { 200: envelopeSchema(emailPreferencesSchema) },
      },
    },
    async (request) => ({
      statusCode: 200,
      message: 'OK',
      entities: [await getEmailPreferences(fastify, request.userId)],
    }),
  );

  app.put(
    '/notifications/email-preferences',
    {
      ...own,
      schema: {
        tags: ['notifications'],
        security: secured,
        body: emailPreferencesSchema,
        response: { 200: envelopeSchema(emailPreferencesSchema) },
      },
    },
    async (request) => ({
      statusCode: 200,
      message: 'E-mail preferences saved.',
      entities: [await setEmailPreferences(fastify, request.userId, request.body)],
    }),
  );
};

export default notificationsRoutes;
