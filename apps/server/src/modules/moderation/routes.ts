import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@aeropool/contract/envelope';
import {
  auditEntrySchema,
  auditQuerySchema,
  caseParamsSchema,
  CASE_KINDS,
  queueAnswerSchema,
  queueQuerySchema,
  replyBodySchema,
  riderParamsSchema,
  suspendBodySchema,
} from '@aeropool/contract/moderation';
import { AppError } from '../../lib/app-error';
import { noRouteMessage } from '../../plugins/errors';
import {
  isOperator,
  liftSuspension,
  listAudit,
  listQueue,
  replyToTicket,
  resolveCase,
  suspendRider,
} from './desk-service';

const done = (message: string) => ({ statusCode: 200, message, entities: [] as never[] });

/**
 * The moderation desk (decision 009). Anyone who is not an operator, signed in or not, gets the
 * same 404 as a path that does not exist: the desk is not advertised. The check runs on the
 * request, before its body is read, so a body the desk would refuse (415, 400) does not tell
 * either. A busy database still answers 503: an operator's desk must not say it is not there.
 */
const moderationRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const notHere = (request: FastifyRequest) => new AppError('NOT_FOUND', noRouteMessage(request));
  const operatorOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await fastify.authenticate.call(fastify, request, reply);
    } catch (error) {
      // Only a refused caller is hidden; a database that did not answer is told as itself.
      if (error instanceof AppError && error.statusCode < 500) throw notHere(request);
      throw error;
    }
    if (!(await isOperator(fastify.db, request.userId))) throw notHere(request);
  };
  const desk = { onRequest: operatorOnly };
  const schema = { tags: ['moderation'], security: [{ bearerAuth: [] }] };
  const empty = { 200: envelopeSchema(z.never()) };

  app.get(
    '/admin/queue',
    {
      ...desk,
      schema: {
        ...schema,
        querystring: queueQuerySchema,
        response: { 200: queueAnswerSchema },
      },
    },
    async (request) => {
      const { cases, total } = await listQueue(fastify, request.query);
      return { statusCode: 200, message: 'OK', entities: cases, total };
    },
  );

  app.get(
    '/admin/audit',
    {
      ...desk,
      schema: {
        ...schema,
        querystring: auditQuerySchema,
        response: { 200: envelopeSchema(auditEntrySchema) },
      },
    },
    async (request) => ({
      statusCode: 200,
      message: 'OK',
      entities: await listAudit(fastify, request.query),
    }),
  );

  app.post(
    '/admin/tickets/:id/replies',
    {
      ...desk,
      schema: { ...schema, params: caseParamsSchema, body: replyBodySchema, response: empty },
    },
    async (request) => {
      return done(
        await replyToTicket(fastify, request.userId, request.params.id, request.body.message),
      );
    },
  );

  for (const kind of CASE_KINDS) {
    app.post(
      `/admin/${kind}s/:id/resolve`,
      { ...desk, schema: { ...schema, params: caseParamsSchema, response: empty } },
      async (request) => {
        await resolveCase(fastify, request.userId, kind, request.params.id);
        return done(kind === 'report' ? 'Report resolved.' : 'Ticket resolved.');
      },
    );
  }

  app.post(
    '/admin/riders/:id/suspend',
    {
      ...desk,
      schema: { ...schema, params: riderParamsSchema, body: suspendBodySchema, response: empty },
    },
    async (request) => {
      await suspendRider(fastify, request.userId, request.params.id, request.body.reason);
      return done('Rider suspended.');
    },
  );

  app.post(
    '/admin/riders/:id/lift-suspension',
    {
      ...desk,
      schema: { ...schema, params: riderParamsSchema, body: suspendBodySchema, response: empty },
    },
    async (request) => {
      await liftSuspension(fastify, request.userId, request.params.id, request.body.reason);
      return done('Suspension lifted.');
    },
  );
};

export default moderationRoutes;
