import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
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
import { UNSUBSCRIBE_PAGE } from '@aeropool/contract/app-routes';
import { readUnsubscribeToken } from './unsubscribe';
import { AppError } from '../../lib/app-error';

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

  await fastify.register(unsubscribeRoutes);
};

const unsubscribeQuerySchema = z.object({ token: z.string().max(200) });

/**
 * The link of a notice mail's List-Unsubscribe header (RFC 8058): a mail app POSTs to it, without
 * a session, and mails of that kind stop for that rider. A GET (a link checker, a person opening
 * it from a mail app that only opens links) changes nothing and is sent to the page that asks.
 */
const unsubscribeRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Mail apps post `List-Unsubscribe=One-Click` as a form; what it says is not needed.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
    app.addContentTypeParser(type, { parseAs: 'string' }, (_request, _body, done) =>
      done(null, undefined),
    );

  app.post(
    '/notifications/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        querystring: unsubscribeQuerySchema,
        response: { 200: envelopeSchema(z.never()) },
      },
    },
    async (request) => {
      const link = readUnsubscribeToken(fastify, request.query.token);
      if (!link) throw new AppError('BAD_REQUEST', 'This unsubscribe link is not valid.');
      await setEmailPreferences(fastify, link.userId, { [link.kind]: false });
      return {
        statusCode: 200,
        message: 'Unsubscribed. Switch these e-mails on again on your profile.',
        entities: [],
      };
    },
  );

  app.get(
    '/notifications/unsubscribe',
    {
      schema: { tags: ['notifications'], querystring: unsubscribeQuerySchema },
    },
    async (request, reply) =>
      reply.redirect(
        `${UNSUBSCRIBE_PAGE}?${new URLSearchParams({ token: request.query.token })}`,
        303,
      ),
  );
};

export default notificationsRoutes;
