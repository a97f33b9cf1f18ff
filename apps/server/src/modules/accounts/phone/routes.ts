import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userSchema } from '@aeropool/contract/accounts';
import { OTP_MAX_CODES_PER_HOUR } from '@aeropool/contract/limits';
import { envelopeSchema } from '@aeropool/contract/envelope';
import { PHONE_MESSAGES, phoneCodeBodySchema } from '@aeropool/contract/phone';
import { inMinutes, type LimitRule } from '../../../plugins/limits';
import { averageRatingOf } from '../../ratings/rating-service';
import { findUserById } from '../user-service';
import { toUserView } from '../user-view';
import { sendPhoneCode, verifyPhoneCode } from './phone-verification';

const HOUR_MS = 3_600_000;

/**
 * A rider may change their number and ask again, so the per-number limits alone would let one
 * account text many strangers: a few codes an hour per rider, and per network address.
 */
const codesPerRider: LimitRule = {
  name: 'sms-codes-rider',
  max: OTP_MAX_CODES_PER_HOUR,
  windowMs: HOUR_MS,
  message: (seconds) =>
    `You have asked for several codes in the last hour. Please try again in ${inMinutes(seconds)}.`,
};
const codesPerAddress = (max: number): LimitRule => ({
  name: 'sms-codes-ip',
  max,
  windowMs: HOUR_MS,
  message: (seconds) =>
    `Too many codes requested from this network. Please try again in ${inMinutes(seconds)}.`,
});

const sentSchema = z.object({
  phone: z.string(),
  expiresAt: z.string(),
  resendAfterSeconds: z.number(),
});

/** POST /api/user/phone/code texts a code to the profile's number; /verify checks it. */
const phoneRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const secured = [{ bearerAuth: [] }];

  app.post(
    '/user/phone/code',
    {
      preValidation: fastify.authenticate,
      schema: {
        tags: ['accounts'],
        security: secured,
        response: { 201: envelopeSchema(sentSchema) },
      },
    },
    async (request, reply) => {
      // Only codes texted count: a refusal (no number, too soon) or a failed SMS gives its hits
      // back, and the network is checked first, so a rider it refuses keeps their own five.
      const sent = await fastify.limits.consumeFor(
        codesPerAddress(fastify.config.RATE_LIMIT_AUTH_PER_MINUTE * 3),
        request.ip,
        () =>
          fastify.limits.consumeFor(codesPerRider, request.userId, () =>
            sendPhoneCode(fastify, request.userId),
          ),
      );
      return reply
        .code(201)
        .send({ statusCode: 201, message: PHONE_MESSAGES.codeSent, entities: [sent] });
    },
  );

  app.post(
    '/user/phone/verify',
    {
      preValidation: fastify.authenticate,
      schema: {
        tags: ['accounts'],
        security: secured,
        body: phoneCodeBodySchema,
        response: { 200: envelopeSchema(userSchema) },
      },
    },
    async (request) => {
      await verifyPhoneCode(fastify, request.userId, request.body.code);
      const user = await findUserById(fastify, request.userId);
      return {
        statusCode: 200,
        message: PHONE_MESSAGES.verified,
        entities: [toUserView(user, await averageRatingOf(fastify.db, user.id))],
      };
    },
  );
};

export default phoneRoutes;
