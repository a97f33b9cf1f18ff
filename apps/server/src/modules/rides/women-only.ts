import { eq, inArray } from 'drizzle-orm';
import { RIDE_MESSAGES } from '@aeropool/contract/rides';
import type { Gender } from '@aeropool/contract/gender';
import type { DbOrTx } from '../../db/database';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

type Side = { womenOnly: boolean; gender: Gender | null };

/**
 * A women-only request is offered only to, and only sees, requests of riders whose profile says
 * Woman, in both directions (decision 008).
 */
export const womenOnlyAllows = (a: Side, b: Side) =>
  (!a.womenOnly || b.gender === 'woman') && (!b.womenOnly || a.gender === 'woman');

export async function gendersOf(db: DbOrTx, userIds: string[]) {
  const rows = await db
    .select({ id: users.id, gender: users.gender })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row.gender]));
}

/** Only a rider whose profile says Woman may mark a request Women only. */
export function assertGenderAllowsWomenOnly(gender: Gender | null, womenOnly: boolean) {
  if (womenOnly && gender !== 'woman') {
    throw new AppError('BAD_REQUEST', RIDE_MESSAGES.womenOnlyNotAllowed, { field: 'womenOnly' });
  }
}

/** The same, reading the rider's profile. */
export async function assertMayBeWomenOnly(db: DbOrTx, riderId: string, womenOnly: boolean) {
  if (!womenOnly) return;
  const [rider] = await db
    .select({ gender: users.gender })
    .from(users)
    .where(eq(users.id, riderId));
  assertGenderAllowsWomenOnly(rider?.gender ?? null, womenOnly);
}
