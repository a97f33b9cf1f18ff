import { sql } from 'drizzle-orm';
import { GENDERS } from '@aeropool/contract/gender';
import { NOTIFICATION_KINDS, type EmailPreferences } from '@aeropool/contract/notifications';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  customType,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  MATCH_REQUEST_STATUSES,
  MATCH_STATUSES,
  RIDE_REQUEST_STATUSES,
} from '@aeropool/contract/rides';
import { CASE_STATUSES } from '@aeropool/contract/moderation';
import { REPORT_REASONS } from '@aeropool/contract/safety';

const customBytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** Always stored lower-cased and trimmed, so the unique index is case-insensitive. */
  email: text('email').notNull().unique(),
  /** E.164 (`+91…`); `phoneVerifiedAt` is cleared whenever the number changes. */
  phone: text('phone'),
  phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
  /** Shown to nobody; decides women-only rides only. */
  gender: text('gender', { enum: GENDERS }),
  passwordHash: text('password_hash'),
  isGoogleAuth: boolean('is_google_auth').notNull().default(false),
  googleSubject: text('google_subject').unique(),
  isActive: boolean('is_active').notNull().default(true),
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  /** Granted only by `npm run admin -- grant` on the server, never over HTTP. */
  isOperator: boolean('is_operator').notNull().default(false),
  /** Set by an operator: like a deactivation, but only an operator lifts it (decision 009). */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspensionReason: text('suspension_reason'),
  /** Per-kind e-mail switches from /profile; a kind that is absent is on. */
  emailPreferences: jsonb('email_preferences').$type<EmailPreferences>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One live code per e-mail: a new code replaces the old one (at most every 30 s). */
export const otpCodes = pgTable('otp_codes', {
  email: text('email').primaryKey(),
  purpose: text('purpose', { enum: ['signup', 'reset'] }).notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Proof that an e-mail passed OTP verification; single use, short-lived. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['signup', 'reset'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('email_verifications_email_idx').on(table.email)],
);

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketNumber: bigint('ticket_number', { mode: 'number' }).generatedAlwaysAsIdentity({
      startWith: 1001,
    }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    subject: text('subject').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: CASE_STATUSES }).notNull().default('Open'),
    createdAt: createdAt(),
  },
  (table) => [
    index('support_tickets_user_idx').on(table.userId),
    index('support_tickets_status_time_idx').on(table.status, table.createdAt),
  ],
);

/** An operator's answer to a ticket, mailed to the rider and kept as the ticket's thread. */
export const ticketReplies = pgTable(
  'ticket_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('ticket_replies_ticket_idx').on(table.ticketId, table.createdAt)],
);

export const pageViews = pgTable(
  'page_views',
  {
    path: text('path').notNull(),
    day: date('day', { mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.path, table.day] })],
);

/**
 * A rider's trip to or from the airport. One end is a terminal, the other a place in the city; the
 * API's source/destination are derived from direction. "Expired" is never stored: an Active
 * request whose time has passed is Expired when read (see rides/ride-request-view.ts).
 */
export const rideRequests = pgTable(
  'ride_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    riderId: uuid('rider_id')
      .notNull()
      .references(() => users.id),
    direction: text('direction', { enum: ['drop', 'pickup'] }).notNull(),
    terminal: text('terminal', { enum: ['T1', 'T2'] }).notNull(),
    placeName: text('place_name').notNull(),
    placeLatitude: doublePrecision('place_latitude').notNull(),
    placeLongitude: doublePrecision('place_longitude').notNull(),
    /** Encoded polyline of the route between terminal and place, and its road length. */
    routePolyline: text('route_polyline').notNull(),
    roadMetres: integer('road_metres').notNull(),
    /** Minutes alone between terminal and place at the time of travel (trip geometry, issue 10). */
    soloMinutes: integer('solo_minutes').notNull().default(0),
    /** Seats taken (the rider and perhaps a companion) and bags carried: a cab holds 3 and 4. */
    seats: integer('seats').notNull().default(1),
    bags: integer('bags').notNull().default(1),
    timeOfTravel: timestamp('time_of_travel', { withTimezone: true }).notNull(),
    womenOnly: boolean('women_only').notNull().default(false),
    /**
     * The 0.05° square (about 5.5 km) the place lies in, for the candidate index: a match search
     * reads only the cells around the rider's place (decision 010; modules/matching/grid-cell.ts
     * computes the same number).
     */
    gridCell: integer('grid_cell')
      .notNull()
      .generatedAlwaysAs(
        sql`(floor(place_latitude * 20)::integer * 10000 + floor(place_longitude * 20)::integer)`,
      ),
    status: text('status', { enum: RIDE_REQUEST_STATUSES }).notNull().default('Active'),
    /** The match this request is (or, once Completed or Cancelled by its rider, was) part of. */
    currentMatchId: uuid('current_match_id').references((): AnyPgColumn => matches.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Potential matches near a place: the few cells around it, then the time window (decision 010);
    // Matched rows too, as a cab with room is a candidate (issue 10).
    index('ride_requests_open_cell_time_idx')
      .on(table.direction, table.gridCell, table.timeOfTravel)
      .where(sql`${table.status} in ('Active', 'Matched')`),
    index('ride_requests_rider_time_idx').on(table.riderId, table.timeOfTravel),
    check('ride_requests_seats_range', sql`${table.seats} between 1 and 2`),
    check('ride_requests_bags_range', sql`${table.bags} between 0 and 3`),
  ],
);

export const matches = pgTable('matches', {
  id: uuid('id').primaryKey().defaultRandom(),
  status: text('status', { enum: MATCH_STATUSES }).notNull().default('Active'),
  cancelledBy: uuid('cancelled_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who is in a match, through which ride request; membership decides every match permission. */
export const matchMembers = pgTable(
  'match_members',
  {
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id),
    rideRequestId: uuid('ride_request_id')
      .notNull()
      .references(() => rideRequests.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Up to when this rider has read the match's chat (the Chats tab's unread count). */
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    /**
     * When a rider joined a cab that had already formed (a third rider): the chat is theirs from
     * then, not what the others said before. Null: a rider of the match from its start.
     */
    joinedAt: timestamp('joined_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.matchId, table.rideRequestId] }),
    index('match_members_user_idx').on(table.userId),
    index('match_members_request_idx').on(table.rideRequestId),
  ],
);

/**
 * A rider who left a cab that rode on without them (a cab of three, issue 10), and when they were in
 * it: their ride is kept apart from the riders they rode with (decision 004), as a cancelled match
 * keeps a pair apart.
 */
export const cabLeavers = pgTable(
  'cab_leavers',
  {
    rideRequestId: uuid('ride_request_id')
      .notNull()
      .references(() => rideRequests.id),
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id),
    /** As it was in match_members: when they joined a cab already formed; null, from its start. */
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }).notNull(),
  },
  // With the time: a rider may leave one cab twice (back in once all they rode with had gone).
  (table) => [primaryKey({ columns: [table.rideRequestId, table.matchId, table.leftAt] })],
);

export const matchRequests = pgTable(
  'match_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromRequestId: uuid('from_request_id')
      .notNull()
      .references(() => rideRequests.id),
    toRequestId: uuid('to_request_id')
      .notNull()
      .references(() => rideRequests.id),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: MATCH_REQUEST_STATUSES }).notNull().default('Pending'),
    matchPercentage: integer('match_percentage').notNull(),
    distance: integer('distance').notNull(),
    /**
     * Set when the sender asks to join this Active match (a cab with room, issue 10): any rider
     * already in it answers, and the first answer decides (decision 011).
     */
    toMatchId: uuid('to_match_id').references((): AnyPgColumn => matches.id),
    createdAt: createdAt(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /**
     * The rider who accepted or declined it; null when it closed by itself (a ride matched
     * elsewhere, edited or cancelled). Only a rider's own decline keeps the pair apart (issue 9).
     */
    answeredBy: uuid('answered_by').references(() => users.id),
  },
  (table) => [
    // One pending request per pair of rides, whichever rider sent it: a duplicate is a 409.
    uniqueIndex('match_requests_pending_pair_idx')
      .on(
        sql`least(${table.fromRequestId}, ${table.toRequestId})`,
        sql`greatest(${table.fromRequestId}, ${table.toRequestId})`,
      )
      .where(sql`${table.status} = 'Pending'`),
    // One pending ask per ride and cab, whichever member it was sent to.
    uniqueIndex('match_requests_pending_join_idx')
      .on(table.fromRequestId, table.toMatchId)
      .where(sql`${table.status} = 'Pending' and ${table.toMatchId} is not null`),
    index('match_requests_to_match_idx')
      .on(table.toMatchId)
      .where(sql`${table.status} = 'Pending'`),
    index('match_requests_to_idx').on(table.toRequestId),
    index('match_requests_from_idx').on(table.fromRequestId),
  ],
);

export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    raterId: uuid('rater_id')
      .notNull()
      .references(() => users.id),
    ratedId: uuid('rated_id')
      .notNull()
      .references(() => users.id),
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id),
    rating: integer('rating').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ratings_rater_rated_match_idx').on(table.raterId, table.ratedId, table.matchId),
    index('ratings_rated_idx').on(table.ratedId),
    check('ratings_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);

/**
 * Chat messages, encrypted at rest (AES-256-GCM, see modules/chat/message-crypto.ts): `body` holds
 * iv, tag and ciphertext, never the text. A client's retry after a reconnect carries the same
 * clientId, so the unique index stores it once.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    clientId: text('client_id').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('chat_messages_client_idx').on(table.matchId, table.userId, table.clientId),
    index('chat_messages_match_time_idx').on(table.matchId, table.createdAt, table.id),
  ],
);

/**
 * The notification centre (issue 9). `dedupeKey` makes an event notify a rider once (a reminder, a
 * new match) or keeps one item per chat that a new message brings back to unread.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notifications_dedupe_idx').on(table.userId, table.dedupeKey),
    index('notifications_user_time_idx').on(table.userId, table.createdAt),
    // The daily prune deletes by age across every rider (notifications/prune).
    index('notifications_created_idx').on(table.createdAt),
  ],
);

/**
 * A browser's Web Push subscription (issue 9); a rider may have one per device. It belongs to the
 * session that saved it: pushes stop when that session ends (log out, "all devices", a password
 * change, a deactivation), so a lost phone stops showing the rider's trips.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references((): AnyPgColumn => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);

/** @socket.io/postgres-adapter keeps payloads too large for NOTIFY here (its documented shape). */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: customBytea('payload'),
});

/**
 * One row per signed-in device. A session token names its row (`sid`); logging out revokes the
 * row, "log out of all devices", a password change or a deactivation revokes every row of the
 * user. Checked on every authenticated request (decision 003).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Rate-limit windows shared by every instance on PostgreSQL (lib/rate-limit). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * OTP codes sent and wrong tries, per e-mail and purpose: the rolling-hour limits count these
 * rows, so asking for a new code never resets them (finding: reset-code guessing).
 */
export const otpEvents = pgTable(
  'otp_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['signup', 'reset'] }).notNull(),
    kind: text('kind', { enum: ['sent', 'failed'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('otp_events_lookup_idx').on(table.email, table.purpose, table.kind, table.createdAt),
  ],
);

/** One live SMS code per rider, for the number on their profile when it was sent. */
export const phoneCodes = pgTable('phone_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** SMS codes sent and wrong tries per number: the rolling-hour limits count these rows. */
export const phoneCodeEvents = pgTable(
  'phone_code_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    kind: text('kind', { enum: ['sent', 'failed'] }).notNull(),
    /** Whose try it was: a stranger's wrong codes must not lock the number's owner out. */
    userId: uuid('user_id'),
    createdAt: createdAt(),
  },
  (table) => [index('phone_code_events_lookup_idx').on(table.phone, table.kind, table.createdAt)],
);

/**
 * A rider's read-only trip link for family (`/trip/{token}`): only the token's hash is kept, one
 * live link per rider and match, expiring 6 hours after the trip.
 */
export const tripShares = pgTable(
  'trip_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    rideRequestId: uuid('ride_request_id')
      .notNull()
      .references(() => rideRequests.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('trip_shares_match_user_idx').on(table.matchId, table.userId),
    // My Trips looks up a ride's links still on after its match was cancelled.
    index('trip_shares_ride_request_idx').on(table.rideRequestId),
  ],
);

/** Generated secrets shared by every instance on PostgreSQL (see lib/secrets). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/** Either rider of a pair may block the other: the pair never meets again (decision 009). */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('blocks_blocked_idx').on(table.blockedId),
  ],
);

/** A rider's report of another; Open until an operator resolves it. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportNumber: bigint('report_number', { mode: 'number' }).generatedAlwaysAsIdentity({
      startWith: 5001,
    }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id),
    reportedId: uuid('reported_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: CASE_STATUSES }).notNull().default('Open'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    index('reports_reported_status_idx').on(table.reportedId, table.status),
    index('reports_status_time_idx').on(table.status, table.createdAt),
  ],
);

/** Every operator action, with who and when; shown on the desk and never edited. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    targetKind: text('target_kind', { enum: ['rider', 'report', 'ticket'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [index('audit_log_time_idx').on(table.createdAt)],
);
