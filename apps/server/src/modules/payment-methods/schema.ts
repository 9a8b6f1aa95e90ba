import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { users } from '../users/schema.ts';
import { businessPartners } from '../business-partners/schema.ts';

/**
 * A saved card or bank account of a business (spec 02 §3 payment card, bank account; §4). What the
 * processor answered when it was added: its token and what the card shows. Never the number or CVV.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessPartnerId: uuid('business_partner_id')
      .notNull()
      .references(() => businessPartners.id, { onDelete: 'cascade' }),
    /** 'CARD' or 'BANK_ACCOUNT'. */
    type: text('type').notNull(),
    processorToken: text('processor_token').notNull().unique(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    /** The cardholder's or the account holder's name. */
    name: text('name').notNull(),
    streetAddress1: text('street_address_1'),
    streetAddress2: text('street_address_2'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    country: text('country').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    /** 'verified' (every card), 'unverified' or 'locked' (a bank account before, or after three wrong tries). */
    status: text('status').notNull().default('verified'),
    bankName: text('bank_name'),
    accountType: text('account_type'),
    ownerType: text('owner_type'),
    addedByUserId: text('added_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('payment_methods_business_partner').on(t.businessPartnerId),
    // spec 02 §4: at most one is main.
    uniqueIndex('payment_methods_one_main')
      .on(t.businessPartnerId)
      .where(sql`${t.isMain}`),
    check('payment_methods_type', sql`${t.type} in ('CARD', 'BANK_ACCOUNT')`),
    check('payment_methods_status', sql`${t.status} in ('verified', 'unverified', 'locked')`),
  ],
);
