import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { INVITATION_STATUSES } from '@portal/contracts';
import { dealers } from '../dealers/schema.ts';
import { users } from '../users/schema.ts';

/** An invitation to join a dealer's staff (spec 02 §3, §7). */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    dealerId: uuid('dealer_id')
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
    invitedByUserId: text('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    userType: text('user_type').notNull().default('installer'),
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('pending'),
    /** Bumped on every resend: older links stop working. */
    tokenVersion: text('token_version').notNull(),
    acceptedUserId: text('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [index('invitations_dealer_idx').on(t.dealerId, t.status), index('invitations_email_idx').on(t.email)],
);
