import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions } from '../auth/schema.ts';
import { users } from '../users/schema.ts';
import { businessPartners } from '../business-partners/schema.ts';

/**
 * The business a sales rep's session acts for, and the dealer primary it impersonates (spec 01
 * §4). Kept per session on the server: the browser never says whom it acts for.
 */
export const sessionSelections = pgTable('session_selections', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  businessPartnerId: uuid('business_partner_id')
    .notNull()
    .references(() => businessPartners.id, { onDelete: 'cascade' }),
  /** Null for an outside rep: they act for the business without impersonating anyone. */
  impersonatedUserId: text('impersonated_user_id').references(() => users.id, { onDelete: 'cascade' }),
  selectedAt: timestamp('selected_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What the audit keeps of a call's body so that its line can say how much (never the body itself). */
export interface ActivityDetails {
  /** Items (the sum of the quantities) a cart call carried. */
  items?: number;
}

/** Every change made while impersonating, with the real actor (issue 5: the dealer sees the list). */
export const impersonationEvents = pgTable(
  'impersonation_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: text('actor_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatedUserId: text('impersonated_user_id').references(() => users.id, { onDelete: 'set null' }),
    businessPartnerId: uuid('business_partner_id')
      .notNull()
      .references(() => businessPartners.id, { onDelete: 'cascade' }),
    /** 'business-selected', 'business-cleared', or 'request' (a change made while acting). */
    kind: text('kind').notNull(),
    method: text('method'),
    path: text('path'),
    status: integer('status'),
    /** What the activity list needs to say it in words (issue 15 §13), e.g. how many items went into the cart. */
    details: jsonb('details').$type<ActivityDetails>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('impersonation_events_bp_idx').on(t.businessPartnerId, t.createdAt)],
);
