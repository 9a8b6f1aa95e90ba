import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';
import { businessPartners } from '../business-partners/schema.ts';

/** /dealer-request: applications for a new dealer account, reviewed by an admin (issue 5). */
export const dealerRequests = pgTable(
  'dealer_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyName: text('company_name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    phoneCountry: text('phone_country').notNull().default('USCA'),
    website: text('website'),
    streetAddress1: text('street_address_1').notNull(),
    streetAddress2: text('street_address_2').notNull().default(''),
    city: text('city').notNull(),
    countryArea: text('country_area').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    yearsInBusiness: integer('years_in_business'),
    installerCount: integer('installer_count'),
    /** Brand slugs the applicant wants to sell. */
    brandsOfInterest: text('brands_of_interest').array().notNull().default([]),
    message: text('message').notNull().default(''),
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    reviewNote: text('review_note'),
    reviewedByUserId: text('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The business created on approval. */
    businessPartnerId: uuid('business_partner_id').references(() => businessPartners.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dealer_requests_status_idx').on(t.status, t.createdAt)],
);
