import { z } from 'zod';
import { riderSchema } from './accounts';
import { placeSchema } from './places';

/** Spec §4: ride request statuses. */
export const RIDE_REQUEST_STATUSES = [
  'Pending',
  'Active',
  'Expired',
  'Cancelled',
  'Completed',
  'Matched',
] as const;
export type RideRequestStatus = (typeof RIDE_REQUEST_STATUSES)[number];

export const MATCH_STATUSES = ['Active', 'Cancelled', 'Completed'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export const MATCH_REQUEST_STATUSES = ['Pending', 'Accepted', 'Declined', 'Cancelled'] as const;
export type MatchRequestStatus = (typeof MATCH_REQUEST_STATUSES)[number];

export const RIDE_LIMITS = {
  maxDaysAhead: 90,
  /** A rider cannot hold two open requests whose times are this close. */
  minGapMinutes: 120,
  /** Potential matches returned at most, best first. */
  maxPotentialMatches: 20,
} as const;

export const RIDE_MESSAGES = {
  created: 'Ride request created successfully!',
  updated: 'Ride request updated successfully!',
  cancelled: 'Ride request canceled successfully',
  fillAll: 'Please fill in all fields.',
  matchAccepted: 'Match accepted successfully',
  matchDeclined: 'Match declined successfully',
  matchRequestSent: 'Match request sent successfully',
  womenOnlyNotAllowed:
    'Only riders whose profile says Woman can mark a ride Women only. Set it on your profile first.',
} as const;

export const rideRequestBodySchema = z.object({
  source: placeSchema,
  destination: placeSchema,
  timeOfTravel: z.number({ error: RIDE_MESSAGES.fillAll }).int().positive(),
  /** Offered only to, and only sees, riders whose profile says Woman (decision 008). */
  womenOnly: z.boolean({ error: 'Women only must be true or false.' }).optional(),
  /** Sent by the spec's client; ignored: the rider is the signed-in user. */
  rider: z.unknown().optional(),
});
export type RideRequestBody = z.input<typeof rideRequestBodySchema>;

export const rideRequestSchema = z.object({
  _id: z.string(),
  rider: riderSchema,
  source: placeSchema,
  destination: placeSchema,
  /** Epoch milliseconds (UTC). */
  timeOfTravel: z.number(),
  status: z.enum(RIDE_REQUEST_STATUSES),
  direction: z.enum(['drop', 'pickup']),
  womenOnly: z.boolean().optional(),
});
export type RideRequest = z.infer<typeof rideRequestSchema>;

const fareSchema = z.object({ solo: z.number(), sharedPerPerson: z.number() });

/** What the viewing rider gets from sharing this cab (issue 10, docs/matching.md). */
export const cabFitSchema = z.object({
  /** Rupees saved against riding alone: solo fare minus their share of the cab fare. */
  saving: z.number().int(),
  /** Minutes added to the viewer's own trip by the shared route. */
  extraMinutes: z.number().int(),
  /** The viewer's place in the drop order (from the airport) or pickup order (to the airport). */
  position: z.number().int().min(1),
  riders: z.number().int().min(2),
  /** When the cab reaches the viewer's place: the drop time, or the pickup time (epoch ms). */
  reachesAt: z.number(),
});
export type CabFitView = z.infer<typeof cabFitSchema>;

export const potentialMatchSchema = rideRequestSchema.extend({
  matchPercentage: z.number().int().min(0).max(100),
  /** Metres between the two riders' city ends. */
  distance: z.number().int(),
  fare: fareSchema,
  fit: cabFitSchema,
});
export type PotentialMatch = z.infer<typeof potentialMatchSchema>;

export const matchRequestSchema = z.object({
  _id: z.string(),
  /** The other rider's ride request (the sender's for incoming, the recipient's for outgoing). */
  requestId: rideRequestSchema,
  status: z.enum(MATCH_REQUEST_STATUSES),
  matchPercentage: z.number().int(),
  distance: z.number().int(),
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
});
export type Match = z.infer<typeof matchSchema>;

export const sendMatchRequestBodySchema = z.object({
  fromRequest: z.uuid('Invalid ride request.'),
  toRequest: z.uuid('Invalid ride request.'),
});

export const respondMatchRequestBodySchema = z.object({
  requestId: z.uuid('Invalid ride request.'),
  matchRequestId: z.uuid('Invalid match request.'),
  isAccepted: z.boolean(),
});

export const updateMatchBodySchema = z.object({
  id: z.string().optional(),
  status: z.enum(['Cancelled', 'Completed']),
});

export const ratingBodySchema = z.object({
  /** Sent by the spec's client; ignored: the rater is the signed-in user. */
  raterUserId: z.string().optional(),
  ratedUserId: z.uuid('Invalid user.'),
  matchId: z.uuid('Invalid match.'),
  rating: z
    .number()
    .int()
    .min(1, 'Rating must be 1 to 5 stars.')
    .max(5, 'Rating must be 1 to 5 stars.'),
});

export const ratingDetailsBodySchema = z.object({
  raterUserId: z.uuid('Invalid user.'),
  ratedUserId: z.uuid('Invalid user.'),
  matchId: z.uuid('Invalid match.'),
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
});
export type Trip = z.infer<typeof tripSchema>;

/** Socket event to a user's own room when their trips change (match request, accept, cancel). */
export const TRIPS_CHANGED_EVENT = 'trips:changed';
export type TripsChangedPayload = {
  reason:
    | 'match-request'
    | 'match-accepted'
    | 'match-declined'
    | 'match-cancelled'
    | 'match-completed'
    | 'request-changed';
};
