import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Cab } from '@aeropool/contract/rides';
import type { Gender } from '@aeropool/contract/gender';
import type { DbOrTx } from '../../db/database';
import { matchMembers, matches, rideRequests, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';
import {
  rideRowFromJson,
  riderColumns,
  toRideRequestView,
  trustSignalsOf,
  withoutEmail,
  withTrust,
  type RideRequestRow,
} from '../rides/ride-request-view';
import { womenOnlyAllows } from '../rides/women-only';
import { isBlockedPair } from '../safety/block-rule';
import { fitFormedCab, fitRows, formedAtOf, roomIn } from './ride-fit';
import { isHiddenRider } from './rating-rule';
import { isKeptApart } from './kept-apart';
import type { CabFit } from './cab-fit';

/** A rider of an Active match, with what decides whether a given rider may join them. */
export type CabMember = {
  row: RideRequestRow;
  rider: Parameters<typeof withTrust>[0];
  gender: Gender | null;
  /**
   * Blocked with the would-be joiner, kept apart from their ride (a decline, a cancelled ride
   * together), low-rated or hidden by reports: the cab is not offered.
   */
  excluded: boolean;
  /** When they joined a cab already formed (null: from its start), and when it was formed. */
  joinedAt: Date | null;
  matchCreatedAt: Date;
};

/** When the cab of these riders took them on (see formedAtOf). */
export const formedAtOfCab = (members: CabMember[]): Date =>
  formedAtOf(members[0]!.matchCreatedAt, members);

/**
 * The riders of these Active matches by match, in one query. With `lock` (inside a transaction)
 * their ride rows are locked, so a join decided on them cannot race a leave or a second join.
 */
export async function loadCabMembers(
  db: DbOrTx,
  matchIds: string[],
  joiner: { id: string; riderId: string },
  { lock = false } = {},
): Promise<Map<string, CabMember[]>> {
  const byMatch = new Map<string, CabMember[]>();
  if (matchIds.length === 0) return byMatch;
  const query = db
    .select({
      matchId: matchMembers.matchId,
      row: rideRequests,
      rider: riderColumns,
      gender: users.gender,
      joinedAt: matchMembers.joinedAt,
      matchCreatedAt: matches.createdAt,
      excluded: sql<boolean>`(${isBlockedPair(rideRequests.riderId, sql`${joiner.riderId}::uuid`)}
        or ${isKeptApart(rideRequests.id, sql`${joiner.id}::uuid`)}
        or ${isHiddenRider(rideRequests.riderId)})`,
    })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .innerJoin(rideRequests, eq(rideRequests.id, matchMembers.rideRequestId))
    .innerJoin(users, eq(users.id, rideRequests.riderId))
    .where(and(inArray(matchMembers.matchId, matchIds), eq(matches.status, 'Active')))
    .orderBy(rideRequests.id);
  const rows = lock ? await query.for('update', { of: rideRequests }) : await query;
  for (const { matchId, ...member } of rows) {
    const list = byMatch.get(matchId) ?? [];
    list.push(member);
    byMatch.set(matchId, list);
  }
  return byMatch;
}

type CabMemberJson = {
  row: Record<string, unknown>;
  rider: Omit<CabMember['rider'], 'phoneVerifiedAt' | 'createdAt'> & {
    phoneVerifiedAt: string | null;
    createdAt: string;
  };
  gender: Gender | null;
  excluded: boolean;
  joinedAt: string | null;
  matchCreatedAt: string;
};

const memberRider = sql.raw('cm_ride.rider_id');

/**
 * The riders of the Active match `matchId` as one JSON value (null when it is not Active), with
 * what loadCabMembers reads of them: so a statement reading other rows can carry the cabs among
 * them instead of costing a statement of its own (potential matches, issue 7). Only cards read it,
 * so the riders' e-mail stays in the database.
 */
export const cabMembersJson = (
  matchId: AnyPgColumn | SQL,
  joiner: { riderId: AnyPgColumn | SQL; rideId: AnyPgColumn | SQL },
) => {
  const trust = trustSignalsOf(sql.raw('cm_user.id'));
  return sql<CabMemberJson[] | null>`(select json_agg(json_build_object(
      'row', to_json(cm_ride),
      'rider', json_build_object('id', cm_user.id, 'firstName', cm_user.first_name,
        'lastName', cm_user.last_name, 'email', '',
        'phoneVerifiedAt', cm_user.phone_verified_at, 'createdAt', cm_user.created_at,
        'ratingAverage', ${trust.ratingAverage}, 'ratingCount', ${trust.ratingCount},
        'completedRides', ${trust.completedRides}),
      'gender', cm_user.gender,
      'joinedAt', cm.joined_at, 'matchCreatedAt', cm_match.created_at,
      'excluded', (${isBlockedPair(memberRider, joiner.riderId)}
        or ${isKeptApart(sql.raw('cm_ride.id'), joiner.rideId)}
        or ${isHiddenRider(memberRider)})) order by cm_ride.id)
    from match_members cm
    join matches cm_match on cm_match.id = cm.match_id and cm_match.status = 'Active'
    join ride_requests cm_ride on cm_ride.id = cm.ride_request_id
    join users cm_user on cm_user.id = cm_ride.rider_id
    where cm.match_id = ${matchId})`;
};

/** cabMembersJson's value as loadCabMembers gives a cab's riders. */
export const cabMembersFromJson = (json: CabMemberJson[] | null): CabMember[] =>
  (json ?? []).map((member) => ({
    row: rideRowFromJson(member.row),
    rider: {
      ...member.rider,
      ratingAverage:
        member.rider.ratingAverage === null ? null : String(member.rider.ratingAverage),
      phoneVerifiedAt: member.rider.phoneVerifiedAt ? new Date(member.rider.phoneVerifiedAt) : null,
      createdAt: new Date(member.rider.createdAt),
    },
    gender: member.gender,
    excluded: member.excluded,
    joinedAt: member.joinedAt ? new Date(member.joinedAt) : null,
    matchCreatedAt: new Date(member.matchCreatedAt),
  }));

export type Admission = { fit: CabFit } | { refusal: 'gone' | 'full' | 'misfit' };

/**
 * Whether the cab has set off, so nobody can join it: to the airport, once its plan's first
 * pickup is due (that rider is in the car, and a new plan would move their pickup); from the
 * airport, once every rider's kerb time has passed (it leaves with the last).
 */
export function hasSetOff(
  ctx: Pick<ServiceContext, 'config'>,
  rows: RideRequestRow[],
  now: Date,
  formedAt: Date,
): boolean {
  const nowMs = now.getTime();
  if (rows[0]?.direction === 'drop') return rows.every((r) => r.timeOfTravel.getTime() <= nowMs);
  const plan = fitFormedCab(ctx, rows, formedAt);
  const firstPickupMs = Math.min(
    ...(plan ? plan.riders.map((r) => r.reachesAtMs) : rows.map((r) => r.timeOfTravel.getTime())),
  );
  return firstPickupMs <= nowMs;
}

/**
 * Whether `joiner` may join the cab of `members` (issue 10): a cab that has not set off, room for
 * their seats and bags, nobody in it blocked with them, low-rated or hidden, women-only honoured
 * both ways with every rider, and the enlarged cab within every rider's limits (cab-fit).
 */
export function admitToCab(
  ctx: ServiceContext,
  members: CabMember[],
  joiner: RideRequestRow,
  joinerGender: Gender | null,
): Admission {
  if (members.length === 0 || members.some((m) => m.row.riderId === joiner.riderId))
    return { refusal: 'gone' };
  if (members.some((m) => m.excluded)) return { refusal: 'gone' };
  const rows = members.map((m) => m.row);
  if (hasSetOff(ctx, rows, ctx.now(), formedAtOfCab(members))) return { refusal: 'gone' };
  const room = roomIn(rows);
  if (room.riders < 1 || room.seats < joiner.seats || room.bags < joiner.bags)
    return { refusal: 'full' };
  const side = { womenOnly: joiner.womenOnly, gender: joinerGender };
  if (
    !members.every((m) => womenOnlyAllows(side, { womenOnly: m.row.womenOnly, gender: m.gender }))
  )
    return { refusal: 'gone' };
  const fit = fitRows(ctx, [...rows, joiner], ctx.now());
  return fit ? { fit } : { refusal: 'misfit' };
}

/** The cab as a card shows it: every rider's ride (no e-mail), and the room left before joining. */
export function cabView(matchId: string, members: CabMember[], now: Date, firstId?: string): Cab {
  const room = roomIn(members.map((m) => m.row));
  const ordered = [...members].sort(
    (a, b) => Number(b.row.id === firstId) - Number(a.row.id === firstId),
  );
  return {
    matchId,
    riders: ordered.map((m) => withoutEmail(toRideRequestView(m.row, withTrust(m.rider), now))),
    seatsLeft: room.seats,
    bagsLeft: room.bags,
  };
}
