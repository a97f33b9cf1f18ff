import type { Rider, RiderTrust, User } from '@aeropool/contract/accounts';
import type { users } from '../../db/schema';

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
  isGoogleAuth: row.isGoogleAuth,
  averageRating,
  createdAt: row.createdAt.toISOString(),
});

export const toRiderView = (
  row: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email'> & { trust?: RiderTrust },
): Rider => ({
  _id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  ...(row.trust ? { trust: row.trust } : {}),
});
