import type { User, UserStats } from '@aeropool/contract/accounts';
import { formatMemberSince } from '../utils/format-member-since';
import { ProfileCard } from './profile-card';

type Props = { stats: UserStats; user: User };

/** Spec §2 Profile Stats: ride counters, average rating and the month the rider joined. */
export function ProfileStats({ stats, user }: Props) {
  const items = [
    { label: 'Rides Completed', value: String(stats.completed) },
    { label: 'Active', value: String(stats.active) },
    { label: 'Cancelled', value: String(stats.cancelled) },
    // A rider nobody has rated yet has no average, not a 0.0 (issue 9).
    stats.averageRating > 0
      ? { label: 'Average Rating', value: stats.averageRating.toFixed(1), suffix: '★' }
      : { label: 'Average Rating', value: 'No ratings yet', isWords: true },
    { label: 'Member Since', value: formatMemberSince(user.createdAt), isWide: true },
  ];

  return (
    <ProfileCard title="Profile Stats">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {items.map((item) => (
          <div
            key={item.label}
            className={`flex flex-col-reverse gap-1 rounded-xl bg-brand-50 px-4 py-3 ${item.isWide ? 'col-span-2 sm:col-span-1' : ''}`}
          >
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">
              {item.label}
            </dt>
            <dd className={`font-bold text-brand-900 ${item.isWords ? 'text-base' : 'text-xl'}`}>
              {item.value}
              {item.suffix ? (
                <span aria-hidden="true" className="ml-1 text-amber-500">
                  {item.suffix}
                </span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </ProfileCard>
  );
}
