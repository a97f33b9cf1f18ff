import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** Always stored lower-cased and trimmed, so the unique index is case-insensitive. */
  email: text('email').notNull().unique(),
  phone: text('phone'),
  passwordHash: text('password_hash'),
  isGoogleAuth: boolean('is_google_auth').notNull().default(false),
  googleSubject: text('google_subject').unique(),
  /** Bumped on password change and deactivation: tokens carry it and older ones stop working. */
  tokenVersion: integer('token_version').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
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
    createdAt: createdAt(),
  },
  (table) => [index('support_tickets_user_idx').on(table.userId)],
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
