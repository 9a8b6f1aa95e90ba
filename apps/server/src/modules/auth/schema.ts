import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

/** better-auth sessions: rows in the database, so any server instance serves any request. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ...timestamps,
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** better-auth verifications: one-time codes, second-factor challenges, trusted devices. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** better-auth twoFactor plugin: the (encrypted) TOTP secret and backup codes of a user. */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factors_user_id_idx').on(t.userId)],
);

/** Fixed-window counters shared by every server instance (sign-in, code and reset limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
});

/**
 * One-time codes already used (ASVS 6.5.1): a TOTP code signs in once, on any instance. The primary
 * key makes two racing uses of one code end with one winner; rows older than a code's life are pruned.
 */
export const usedOneTimeCodes = pgTable(
  'used_one_time_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** Secrets the server creates once and every instance shares (the auth signing secret). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const AUTH_EVENT_TYPES = [
  'sign-in',
  'sign-in-failed',
  'locked',
  'second-factor-sent',
  'second-factor-failed',
  'sign-out',
  'mfa-changed',
  'password-changed',
  'password-reset',
  'registered',
  'email-change-requested',
  'email-changed',
  'email-change-declined',
  // issue 32 (ASVS 16.3.2, 16.3.3): a 403, or a 401 to a request that carried a session, and a 429.
  'denied',
  'rate-limited',
] as const;

/** Audit log of sign-ins, failures, lockouts and MFA changes (issue 3 §9). */
export const authEvents = pgTable(
  'auth_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: AUTH_EVENT_TYPES }).notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_events_user_idx').on(t.userId, t.createdAt)],
);

/**
 * What we know of a remembered browser. better-auth keeps the trust itself (a `verifications` row
 * `trust-device-…` and a cookie) but nothing to show a person; this row names it, by the same id.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trusted_devices_user_idx').on(t.userId)],
);
