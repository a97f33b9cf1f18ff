import type { User } from '@aeropool/contract/accounts';

/** For tests: a signed-in rider as GET /user/:id answers, with whatever a test needs changed. */
export const testRider = (changes: Partial<User> = {}): User => ({
  _id: 'rider-1',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  phone: null,
  phoneVerified: false,
  gender: null,
  isGoogleAuth: false,
  averageRating: 0,
  createdAt: '2030-01-01T00:00:00.000Z',
  ...changes,
});
