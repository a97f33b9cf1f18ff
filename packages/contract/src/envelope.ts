import { z } from 'zod';

/** Every API answer, success or error, has this shape (spec section 7). */
export const envelopeSchema = <T extends z.ZodType>(entity: T) =>
  z.object({
    statusCode: z.number().int(),
    message: z.string(),
    entities: z.array(entity),
  });

export const errorEnvelopeSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  entities: z.array(z.unknown()),
  field: z.string().optional(),
  retryAfterSeconds: z.number().int().optional(),
});

export type Envelope<T> = {
  statusCode: number;
  message: string;
  entities: T[];
};

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * An id a client sends, as the database writes it: lower case. The server compares ids as text
 * (blocking oneself, a request to oneself), and an id in capitals is the same uuid to PostgreSQL
 * but a different string.
 */
export const idSchema = (message: string) => z.uuid(message).transform((id) => id.toLowerCase());

export const idParamsSchema = z.object({ id: idSchema('Invalid id.') });
