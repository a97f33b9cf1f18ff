import { sql } from 'drizzle-orm';
import { matches, rideRequests, tripShares } from '../../db/schema';

/**
 * For a select over ride requests: the match of the ride's trip link for family that still shows
 * its match's cancellation (sharedTrip's rule: on, not expired, the match Cancelled and the ride
 * not changed since), where the ride is back on its own. My Trips offers to turn it off there,
 * since no match card is left to do it from.
 */
export const cancelledTripLinkMatchId = (now: Date) => sql<string | null>`(
  select ${tripShares.matchId} from ${tripShares}
  join ${matches} on ${matches.id} = ${tripShares.matchId}
  where ${tripShares.rideRequestId} = ${rideRequests.id}
    and ${rideRequests.currentMatchId} is null
    and ${tripShares.revokedAt} is null
    and ${tripShares.expiresAt} > ${now.toISOString()}::timestamptz
    and ${matches.status} = 'Cancelled'
    and ${rideRequests.updatedAt} <= ${matches.updatedAt}
  limit 1)`;
