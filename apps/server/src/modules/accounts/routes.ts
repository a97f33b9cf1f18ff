import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  authResultSchema,
  changePasswordBodySchema,
  createUserBodySchema,
  emailLookupBodySchema,
  forgotPasswordBodySchema,
  googleAuthBodySchema,
  loginBodySchema,
  otpGenerateBodySchema,
  otpGenerateResultSchema,
  otpVerifyBodySchema,
  userSchema,
  userStatsSchema,
  verificationResultSchema,
} from '@aeropool/contract/accounts';
import { envelopeSchema, idParamsSchema } from '@aeropool/contract/envelope';
import { updateUserBodySchema } from '@aeropool/contract/phone';
import { selfOnly } from '../../plugins/auth';
import { authRateLimits } from '../../plugins/security';
import { averageRatingOf } from '../ratings/rating-service';
import { signInWithGoogle } from './google-auth-service';
import { otpCodesPerAddress } from './account-limits';
import { generateOtp, verifyOtp } from './otp-service';
import { toUserView } from './user-view';
import * as users from './user-service';
import { AppError } from '../../lib/app-error';

const emptyEnvelope = envelopeSchema(z.never());
const userEnvelope = envelopeSchema(userSchema);
const secured = [{ bearerAuth: [] }];

const accountsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limits = authRateLimits(fastify);
  const rateLimited = () => ({ config: limits.config, preHandler: [...limits.hooks] });

  /** The public user with its average received rating, as every user answer carries it. */
  const userView = async (user: Parameters<typeof toUserView>[0]) =>
    toUserView(user, await averageRatingOf(fastify.db, user.id));

  /** The signed-in answer: a session opened here, or the one `token` names (login opens its own). */
  const authResult = async (
    statusCode: number,
    message: string,
    user: Parameters<typeof toUserView>[0],
    token?: string,
  ) => ({
    statusCode,
    message,
    token: token ?? (await fastify.sessions.issue(user.id)),
    entities: [await userView(user)],
  });

  app.post(
    '/otp/generate',
    {
      ...rateLimited(),
      schema: {
        tags: ['accounts'],
        body: otpGenerateBodySchema,
        response: { 201: envelopeSchema(otpGenerateResultSchema) },
      },
    },
    async (request, reply) => {
      // A code asked for too soon, or a mail that failed, gives its hit back: shared Wi-Fi is
      // not shut out by retries. Asks about addresses (none there, or taken) still count: the
      // hour's cap also slows down probing which addresses have accounts.
      const result = await fastify.limits.consumeFor(
        otpCodesPerAddress(fastify.config),
        request.ip,
        () => generateOtp(fastify, request.body.email, request.body.purpose),
        (error) =>
          error instanceof AppError &&
          (error.code === 'TOO_MANY_REQUESTS' || error.code === 'SERVICE_UNAVAILABLE'),
      );
      return reply
        .code(201)
        .send({ statusCode: 201, message: ACCOUNT_MESSAGES.otpSent, entities: [result] });
    },
  );

  app.post(
    '/otp/verify',
    {
      ...rateLimited(),
      schema: {
        tags: ['accounts'],
        body: otpVerifyBodySchema,
        response: { 200: envelopeSchema(verificationResultSchema) },
      },
    },
    async (request) => {
      const result = await verifyOtp(fastify, request.body.email, request.body.otp);
      return { statusCode: 200, message: ACCOUNT_MESSAGES.otpVerified, entities: [result] };
    },
  );

  app.post(
    '/user/email',
    {
      ...rateLimited(),
      schema: {
        tags: ['accounts'],
        body: emailLookupBodySchema,
        response: { 200: emptyEnvelope, 404: emptyEnvelope },
      },
    },
    async (request, reply) => {
      const exists = await users.emailExists(fastify, request.body.email);
      if (!exists)
        return reply
          .code(404)
          .send({ statusCode: 404, message: ACCOUNT_MESSAGES.userNotFoundByEmail, entities: [] });
      return { statusCode: 200, message: 'User exists.', entities: [] };
    },
  );

  app.post(
    '/user/create',
    {
      ...rateLimited(),
      schema: {
        tags: ['accounts'],
        body: createUserBodySchema,
        response: { 201: authResultSchema },
      },
    },
    async (request, reply) => {
      const user = await users.createUser(fastify, request.body);
      return reply.code(201).send(await authResult(201, ACCOUNT_MESSAGES.accountCreated, user));
    },
  );

  app.post(
    '/user/login',
    {
      ...rateLimited(),
      schema: { tags: ['accounts'], body: loginBodySchema, response: { 200: authResultSchema } },
    },
    async (request) => {
      const { user, token } = await users.login(fastify, request.body);
      return authResult(200, ACCOUNT_MESSAGES.loggedIn, user, token);
    },
  );

  app.post(
    '/user/google-auth',
    {
      ...rateLimited(),
      schema: {
        tags: ['accounts'],
        body: googleAuthBodySchema,
        response: { 200: authResultSchema },
      },
    },
    async (request) => {
      const { user, token } = await signInWithGoogle(fastify, request.body.credential);
      return authResult(200, 'Signed in with Google.', user, token);
    },
  );

  app.put(
    '/user/forgotpassword',
    {
      ...rateLimited(),
      schema: {
        tags: ['accounts'],
        body: forgotPasswordBodySchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await users.resetForgottenPassword(fastify, request.body);
      return { statusCode: 200, message: ACCOUNT_MESSAGES.passwordChanged, entities: [] };
    },
  );

  app.get(
    '/user/stats/:id',
    {
      preValidation: [fastify.authenticate, selfOnly('id')],
      schema: {
        tags: ['accounts'],
        security: secured,
        params: idParamsSchema,
        response: { 200: envelopeSchema(userStatsSchema) },
      },
    },
    async (request) => {
      return {
        statusCode: 200,
        message: 'OK',
        entities: [await users.getUserStats(fastify, request.params.id)],
      };
    },
  );

  app.get(
    '/user/:id',
    {
      preValidation: [fastify.authenticate, selfOnly('id')],
      schema: {
        tags: ['accounts'],
        security: secured,
        params: idParamsSchema,
        response: { 200: userEnvelope },
      },
    },
    async (request) => {
      const user = await users.findUserById(fastify, request.params.id);
      return { statusCode: 200, message: 'OK', entities: [await userView(user)] };
    },
  );

  app.put(
    '/user/:id',
    {
      preValidation: [fastify.authenticate, selfOnly('id')],
      schema: {
        tags: ['accounts'],
        security: secured,
        params: idParamsSchema,
        body: updateUserBodySchema,
        response: { 200: userEnvelope },
      },
    },
    async (request) => {
      const user = await users.updateProfile(fastify, request.params.id, request.body);
      return {
        statusCode: 200,
        message: ACCOUNT_MESSAGES.profileUpdated,
        entities: [await userView(user)],
      };
    },
  );

  app.put(
    '/user/password/:id',
    {
      ...rateLimited(),
      preValidation: [fastify.authenticate, selfOnly('id')],
      schema: {
        tags: ['accounts'],
        security: secured,
        params: idParamsSchema,
        body: changePasswordBodySchema,
        response: { 200: authResultSchema },
      },
    },
    async (request) => {
      const { user, token } = await users.changePassword(fastify, request.params.id, request.body);
      // Older sessions have ended; this answer carries a fresh one for the current device.
      return authResult(200, 'Password changed successfully!', user, token);
    },
  );

  app.delete(
    '/user/deactive/:id',
    {
      preValidation: [fastify.authenticate, selfOnly('id')],
      schema: {
        tags: ['accounts'],
        security: secured,
        params: idParamsSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await users.deactivateUser(fastify, request.params.id);
      return { statusCode: 200, message: ACCOUNT_MESSAGES.deactivated, entities: [] };
    },
  );

  app.post(
    '/user/logout',
    {
      preValidation: fastify.authenticate,
      schema: { tags: ['accounts'], security: secured, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await fastify.sessions.revoke(request.sessionId);
      return { statusCode: 200, message: ACCOUNT_MESSAGES.loggedOut, entities: [] };
    },
  );

  app.post(
    '/user/logout-all',
    {
      preValidation: fastify.authenticate,
      schema: { tags: ['accounts'], security: secured, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await fastify.sessions.revokeAllOf(request.userId);
      return { statusCode: 200, message: ACCOUNT_MESSAGES.loggedOutEverywhere, entities: [] };
    },
  );
};

export default accountsRoutes;
