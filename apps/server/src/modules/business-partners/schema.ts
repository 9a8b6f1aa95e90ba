import { bigint, boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { brands, channels } from '../catalog/schema.ts';
import { users } from '../users/schema.ts';

/** spec 01 §3 / spec 02 §3 business partner. Money in integer cents. */
export const businessPartners = pgTable(
  'business_partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sapBpCode: text('sap_bp_code').notNull().unique(),
    companyName: text('company_name').notNull(),
    channelSlug: text('channel_slug')
      .notNull()
      .default('msrp')
      .references(() => channels.slug),
    country: text('country').notNull().default('US'),
    /** spec 02 §3 creditLimit: bounds TERMS orders. Its balances are derived from the billing ledger, never stored. */
    creditLimitCents: bigint('credit_limit_cents', { mode: 'number' }).notNull().default(0),
    paymentTerms: text('payment_terms').notNull().default('NET 30'),
    /** A resale certificate on file: the business buys tax-exempt (docs/decisions.md, issue 18). */
    resaleCertificate: text('resale_certificate'),
    phone: text('phone'),
    email: text('email'),
    dealerPrimaryUserId: text('dealer_primary_user_id').references((): AnyPgColumn => users.id),
    insideSalesRepUserId: text('inside_sales_rep_user_id').references((): AnyPgColumn => users.id),
    outsideSalesRepUserId: text('outside_sales_rep_user_id').references((): AnyPgColumn => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('business_partners_company_name_trgm').using('gin', t.companyName.op('gin_trgm_ops'))],
);

export const ADDRESS_TYPES = ['SHIPPING', 'BILLING'] as const;

export const businessPartnerAddresses = pgTable(
  'business_partner_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessPartnerId: uuid('business_partner_id')
      .notNull()
      .references(() => businessPartners.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ADDRESS_TYPES }).notNull(),
    name: text('name').notNull(),
    streetAddress1: text('street_address_1').notNull(),
    streetAddress2: text('street_address_2').notNull().default(''),
    city: text('city').notNull(),
    countryArea: text('country_area').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    phone: text('phone'),
    isDefaultShipping: boolean('is_default_shipping').notNull().default(false),
    isDefaultBilling: boolean('is_default_billing').notNull().default(false),
  },
  (t) => [index('business_partner_addresses_bp_idx').on(t.businessPartnerId)],
);

export const businessPartnerApprovedBrands = pgTable(
  'business_partner_approved_brands',
  {
    businessPartnerId: uuid('business_partner_id')
      .notNull()
      .references(() => businessPartners.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.businessPartnerId, t.brandId] })],
);
