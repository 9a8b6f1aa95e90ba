import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';

/**
 * Users. The first columns are better-auth's core user model (so the identity issue plugs
 * better-auth onto this table); the rest are the portal's fields of spec 01 §3.
 */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  ...timestamps,
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  accessType: text('access_type'),
  isRetired: boolean('is_retired').notNull().default(false),
  subscriberId: text('subscriber_id'),
  phoneNumber: text('phone_number'),
  /**
   * The business account a dealer's staff member or a consumer belongs to. Its foreign key to
   * business_partners is kept in SQL (migration 0019), not here: business partners name users (their
   * dealer primary and reps), so declaring both here would make the two schema files import each other.
   */
  businessPartnerId: uuid('business_partner_id'),
  /** spec 01 §4 preferred second factor: none, sms or totp. */
  mfaType: text('mfa_type', { enum: ['none', 'sms', 'totp'] })
    .notNull()
    .default('none'),
  /**
   * Lockout after repeated wrong passwords is ours (better-auth has none): counted per account and
   * source in the shared rate-limit store under this epoch; a password reset moves to a new epoch,
   * which unlocks the account everywhere (auth/lockout.ts).
   */
  signInEpoch: integer('sign_in_epoch').notNull().default(0),
  // better-auth twoFactor plugin
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  // better-auth admin plugin (impersonation)
  role: text('role'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
});

/** better-auth's credential store: one row per sign-in method; `password` holds the hash. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

/** spec 01 §3: user_type entries (type such as installer, and is_owner). */
export const userTypes = pgTable(
  'user_types',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    isOwner: boolean('is_owner').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/** spec 01 §3 drone profile permission groups. */
export const permissionGroups = pgTable('permission_groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
});

export const userPermissionGroups = pgTable(
  'user_permission_groups',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => permissionGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] })],
);

/** Per-user screen preferences (spec 01 §9: the search page size is stored per user). */
export const userPreferences = pgTable('user_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  searchPageSize: integer('search_page_size'),
});
