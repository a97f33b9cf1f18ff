import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@aeropool/contract/envelope';
import {
  emailPreferencesSchema,
  markNotificationsReadSchema,
  NOTIFICATION_KINDS,
} from '@aeropool/contract/notifications';
import {
  getEmailPreferences,
  listNotifications,
  markNotificationsRead,
  setEmailPreferences,
} from './notification-service';

const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
const listSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
});

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
        response: { 200: envelopeSchema(listSchema) },
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
        response: { 200: envelopeSchema(listSchema) },
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
