import type { User } from '@aeropool/contract/accounts';
import { firstCharacter } from '@aeropool/contract/plain-text';

/** The page's heading: who is signed in. */
export function ProfileHeader({ user }: { user: User }) {
  const initials =
    `${firstCharacter(user.firstName)}${firstCharacter(user.lastName)}`.toUpperCase();
  return (
    <header className="flex items-center gap-4">
      <span
        aria-hidden="true"
        className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xl font-bold text-white sm:h-16 sm:w-16"
      >
        {initials || '?'}
      </span>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My Profile</h1>
        <p className="truncate text-sm text-slate-600">
          {user.firstName} {user.lastName}
        </p>
      </div>
    </header>
  );
}
