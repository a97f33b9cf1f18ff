import { z } from 'zod';

import { TRIP_SHARE_MESSAGES } from './trip-share-messages';

export * from './trip-share-messages';

/** 32 random bytes, base64url. */
export const tripShareTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, TRIP_SHARE_MESSAGES.gone);
export const tripShareParamsSchema = z.object({ token: tripShareTokenSchema });

/** What the rider who shares gets: the link (shown once; only its hash is stored). */
export const tripShareSchema = z.object({
  token: z.string(),
  path: z.string(),
  expiresAt: z.string(),
});
export type TripShare = z.infer<typeof tripShareSchema>;

export const tripShareStateSchema = z.object({
  isSharing: z.boolean(),
  expiresAt: z.string().nullable(),
});
export type TripShareState = z.infer<typeof tripShareStateSchema>;

/** What a signed-out viewer of /trip/{token} sees: first names, places, time, status. */
export const sharedTripSchema = z.object({
  riderFirstName: z.string(),
  coRiders: z.array(z.object({ firstName: z.string(), phoneVerified: z.boolean() })),
  direction: z.enum(['drop', 'pickup']),
  terminal: z.enum(['T1', 'T2']),
  cityEnd: z.string(),
  timeOfTravel: z.number(),
  status: z.enum(['Active', 'Cancelled', 'Completed']),
  expiresAt: z.string(),
});
export type SharedTrip = z.infer<typeof sharedTripSchema>;
