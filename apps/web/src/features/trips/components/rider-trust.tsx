import type { Rider } from '@aeropool/contract/accounts';
import { firstCharacter } from '@aeropool/contract/plain-text';
import { PhoneVerifiedBadge } from '../../../components/ui/phone-verified-badge';
import { formatMemberSince } from '../../accounts/utils/format-member-since';
import { plural } from '../../../lib/plural';

/** Initials in a circle: a face for the card without a photo. */
export function RiderAvatar({ rider }: { rider: Pick<Rider, 'firstName' | 'lastName'> }) {
  const initials =
    `${firstCharacter(rider.firstName)}${firstCharacter(rider.lastName)}`.toUpperCase();
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800"
    >
      {initials}
    </span>
  );
}

/**
 * Who a rider is before you share a cab: phone verified, rating and how many gave it, completed
 * rides and member since, from the same answer as the card.
 */
export function RiderTrust({ rider }: { rider: Rider }) {
  const trust = rider.trust;
  if (!trust) return null;
  return (
    // A group of facts, not a list: cards sit in lists of riders already.
    <div
      role="group"
      aria-label={`About ${rider.firstName}`}
      className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600"
    >
      {trust.phoneVerified ? (
        <span>
          <PhoneVerifiedBadge />
        </span>
      ) : null}
      <span>
        {trust.ratingCount > 0 ? (
          <>
            <span aria-hidden="true" className="text-amber-500">
              ★{' '}
            </span>
            {trust.averageRating.toFixed(1)} ({plural(trust.ratingCount, 'rating', 'ratings')})
          </>
        ) : (
          'New rider'
        )}
      </span>
      <span>{plural(trust.completedRides, 'completed ride', 'completed rides')}</span>
      <span>Member since {formatMemberSince(trust.memberSince)}</span>
    </div>
  );
}
