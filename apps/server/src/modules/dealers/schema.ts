import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businessPartners } from '../business-partners/schema.ts';
import { users } from '../users/schema.ts';

/** spec 02 §3 dealer profile (public listing and contact details). */
export interface DealerProfile {
  displayName: string;
  phone: string;
  phoneCountry: 'USCA' | 'CA' | 'AU' | 'MX';
  website: string;
  contactRoles: string[];
  city: string;
  countryArea: string;
}

export const dealers = pgTable('dealers', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessPartnerId: uuid('business_partner_id')
    .notNull()
    .unique()
    .references(() => businessPartners.id, { onDelete: 'cascade' }),
  isPublicProfile: boolean('is_public_profile').notNull().default(false),
  contactEmail: text('contact_email').notNull(),
  profile: jsonb('profile').$type<DealerProfile>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** spec 02 §3 installer: a user's membership of a dealer's staff. */
export const installers = pgTable(
  'installers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealerId: uuid('dealer_id')
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
    isOwner: boolean('is_owner').notNull().default(false),
    isRetired: boolean('is_retired').notNull().default(false),
    isPurchaser: boolean('is_purchaser').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('installers_user_dealer_idx').on(t.userId, t.dealerId)],
);
