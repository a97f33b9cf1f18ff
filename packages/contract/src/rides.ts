import { z } from 'zod';
import { idSchema } from './envelope';
import { riderSchema } from './accounts';
import { placeSchema, placeViewSchema } from './places';

import {
  CAB_LIMITS,
  MATCH_REQUEST_STATUSES,
  MATCH_STATUSES,
  RIDE_MESSAGES,
  RIDE_REQUEST_STATUSES,
} from './ride-rules';

export * from './ride-rules';

export const rideRequestBodySchema = z.object({
  source: placeSchema,
  destination: placeSchema,
  timeOfTravel: z.number({ error: RIDE_MESSAGES.fillAll }).int().positive(),
  /** Offered only to, and only sees, riders whose profile says Woman (decision 008). */
  womenOnly: z.boolean({ error: 'Women only must be true or false.' }).optional(),
  /** The rider and perhaps a companion; 1 when not given. */
  seats: z
    .number({ error: 'Seats must be 1 or 2.' })
    .int('Seats must be 1 or 2.')
    .min(1, 'Seats must be 1 or 2.')
    .max(CAB_LIMITS.maxSeatsPerRequest, 'Seats must be 1 or 2.')
    .optional(),
  /** Checked-in size bags; 1 when not given. */
  bags: z
    .number({ error: 'Bags must be 0 to 3.' })
    .int('Bags must be 0 to 3.')
    .min(0, 'Bags must be 0 to 3.')
    .max(CAB_LIMITS.maxBagsPerRequest, 'Bags must be 0 to 3.')
    .optional(),
  /** Sent by the spec's client; ignored: the rider is the signed-in user. */
  rider: z.unknown().optional(),
  /**
   * On an edit: the ride's `updatedAt` as the form was filled from it. A save over a change made
   * since (another tab, another device) is refused (409) rather than undoing it.
   */
  editedAt: z.number().int().optional(),
});
export type RideRequestBody = z.input<typeof rideRequestBodySchema>;

export const rideRequestSchema = z.object({
  _id: z.string(),
  rider: riderSchema,
  source: placeViewSchema,
  destination: placeViewSchema,
  /** Epoch milliseconds (UTC). */
  timeOfTravel: z.number(),
  status: z.enum(RIDE_REQUEST_STATUSES),
  direction: z.enum(['drop', 'pickup']),
  womenOnly: z.boolean().optional(),
  seats: z.number().int(),
  bags: z.number().int(),
  /** The rider's own rides only (My Trips): when it was last written, sent back by an edit. */
  updatedAt: z.number().optional(),
});
export type RideRequest = z.infer<typeof rideRequestSchema>;

const fareSchema = z.object({ solo: z.number(), sharedPerPerson: z.number() });

/** What the viewing rider gets from sharing this cab (issue 10, docs/matching.md). */
export const cabFitSchema = z.object({
  /** Rupees saved against riding alone: solo fare minus their share of the cab fare. */
  saving: z.number().int(),
  /** Minutes the shared route adds to the viewer's time in the cab (the detour). */
  extraMinutes: z.number().int(),
  /** From the airport: minutes the viewer waits at the kerb for the cab's last rider. Else 0. */
  waitMinutes: z.number().int().min(0),
  /** The viewer's place in the drop order (from the airport) or pickup order (to the airport). */
  position: z.number().int().min(1),
  riders: z.number().int().min(2),
  /** When the cab sets off (epoch ms): from the airport, when its last rider is at the kerb. */
  leavesAt: z.number(),
  /** When the cab reaches the viewer's place: the drop time, or the pickup time (epoch ms). */
  reachesAt: z.number(),
});
export type CabFitView = z.infer<typeof cabFitSchema>;

/** A cab that already has riders (an Active match with room): the card asks to join it. */
export const cabSchema = z.object({
  matchId: z.string(),
  /** Every rider's ride request in it, the card's own first. */
  riders: z.array(rideRequestSchema),
  seatsLeft: z.number().int(),
  bagsLeft: z.number().int(),
});
export type Cab = z.infer<typeof cabSchema>;

export const potentialMatchSchema = rideRequestSchema.extend({
  matchPercentage: z.number().int().min(0).max(100),
  /** Metres between the two riders' city ends. */
  distance: z.number().int(),
  fare: fareSchema,
  fit: cabFitSchema,
  /** Present when this card is a cab with room: sending a match request asks to join it. */
  cab: cabSchema.optional(),
});
export type PotentialMatch = z.infer<typeof potentialMatchSchema>;

export const matchRequestSchema = z.object({
  _id: z.string(),
  /** The other rider's ride request (the sender's for incoming, the recipient's for outgoing). */
  requestId: rideRequestSchema,
  status: z.enum(MATCH_REQUEST_STATUSES),
  matchPercentage: z.number().int(),
  distance: z.number().int(),
  /** The viewer's saving, extra minutes and order in the cab this request would make. */
  fare: fareSchema.optional(),
  fit: cabFitSchema.optional(),
  /** A request to join a cab: the cab as it is now (outgoing), or the viewer's own (incoming). */
  cab: cabSchema.optional(),
});
export type MatchRequest = z.infer<typeof matchRequestSchema>;

export const matchesAndRequestsSchema = z.object({
  potentialMatches: z.array(potentialMatchSchema),
  incomingMatches: z.array(matchRequestSchema),
  outgoingMatches: z.array(matchRequestSchema),
});
export type MatchesAndRequests = z.infer<typeof matchesAndRequestsSchema>;

export const matchSchema = z.object({
  _id: z.string(),
  status: z.enum(MATCH_STATUSES),
  requests: z.array(rideRequestSchema),
  /** The viewer's saving, extra minutes and order in this cab (issue 10). */
  fare: fareSchema.optional(),
  fit: cabFitSchema.optional(),
  /** Riders asking to join this cab while it has room; any rider in it may answer. */
  joinRequests: z.array(matchRequestSchema).optional(),
  /**
   * The rider (user id) who cancelled this match once its time had passed: the trip may have
   * happened, so the others may still rate them (a cancel does not shield a rider from ratings).
   */
  cancelledAfterTripBy: z.string().optional(),
});
export type Match = z.infer<typeof matchSchema>;

export const sendMatchRequestBodySchema = z.object({
  fromRequest: idSchema('Invalid ride request.'),
  toRequest: idSchema('Invalid ride request.'),
});

export const respondMatchRequestBodySchema = z.object({
  requestId: idSchema('Invalid ride request.'),
  matchRequestId: idSchema('Invalid match request.'),
  isAccepted: z.boolean(),
});

export const updateMatchBodySchema = z.object({
  id: z.string().optional(),
  status: z.enum(['Cancelled', 'Completed']),
  /**
   * On Cancelled: cancel the canceller's own ride request too. Left out, it stays Active, free to
   * match again (issue 9).
   */
  alsoCancelMyRequest: z.boolean().optional(),
});

export const ratingBodySchema = z.object({
  /** Sent by the spec's client; ignored: the rater is the signed-in user. */
  raterUserId: z.string().optional(),
  ratedUserId: idSchema('Invalid user.'),
  matchId: idSchema('Invalid match.'),
  rating: z
    .number()
    .int()
    .min(1, 'Rating must be 1 to 5 stars.')
    .max(5, 'Rating must be 1 to 5 stars.'),
});

export const ratingDetailsBodySchema = z.object({
  raterUserId: idSchema('Invalid user.'),
  ratedUserId: idSchema('Invalid user.'),
  matchId: idSchema('Invalid match.'),
});

export const ratingSchema = z.object({
  _id: z.string(),
  raterUserId: z.string(),
  ratedUserId: z.string(),
  matchId: z.string(),
  rating: z.number().int(),
});
export type Rating = z.infer<typeof ratingSchema>;

export const tripSchema = z.object({
  rideRequest: rideRequestSchema,
  match: matchSchema.optional(),
  /**
   * Past tab only: the ratings this rider gave on the match, so the card needs no
   * rating/details request per co-rider (issue 7). Beyond the spec's fields, which stay as they are.
   */
  myRatings: z.array(ratingSchema).optional(),
  /**
   * A ride back on its own after its match was cancelled: the match of a trip link for family the
   * rider shared that still shows the cancellation, so the card can turn it off.
   */
  cancelledTripLinkMatchId: z.string().optional(),
});
export type Trip = z.infer<typeof tripSchema>;
