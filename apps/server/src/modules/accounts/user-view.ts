import type { Rider, RiderTrust, User } from '@aeropool/contract/accounts';
import type { users } from '../../db/schema';
import { firstCharacter } from '@aeropool/contract/plain-text';

type UserRow = typeof users.$inferSelect;

/** The public view of a user row: never the hash, token version or Google subject. */
export const toUserView = (row: UserRow, averageRating = 0): User => ({
  _id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  phoneVerified: row.phoneVerifiedAt !== null,
  gender: row.gender ?? null,
  // A Google-made account that a reset gave a password is a password account from then on: the
  // profile offers to change it.
  isGoogleAuth: row.isGoogleAuth && !row.passwordHash,
  averageRating,
  createdAt: row.createdAt.toISOString(),
});

/** 'Rao' → 'R.': riders know each other by first name and last initial (issue 8). */
export const shortLastName = (lastName: string): string => {
  const initial = firstCharacter(lastName);
  return initial ? `${initial.toUpperCase()}.` : '';
};

/** 'Asha R.' */
export const shortName = (row: Pick<UserRow, 'firstName' | 'lastName'>): string =>
  `${row.firstName} ${shortLastName(row.lastName)}`.trim();

/** Another rider as a rider sees them: first name and last initial, never the full last name. */
export const toRiderView = (
  row: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email'> & { trust?: RiderTrust },
): Rider => ({
  _id: row.id,
  firstName: row.firstName,
  lastName: shortLastName(row.lastName),
  email: row.email,
  ...(row.trust ? { trust: row.trust } : {}),
});
