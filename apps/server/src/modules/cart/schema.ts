import { sql } from 'drizzle-orm';
import type { StoredFailure } from '../../attempts/failure.ts';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { users } from '../users/schema.ts';
import { businessPartners } from '../business-partners/schema.ts';
import { products } from '../catalog/schema.ts';
import { businessPartnerAddresses } from '../business-partners/schema.ts';

/**
 * A B2B product checkout (spec 02 §3, §4): the cart of one user for one business. It belongs to
 * the person signed in (a sales rep keeps their own cart while acting for a dealer), and it is
 * open until it is completed or the user swaps business (spec 02 §4: that clears the cart).
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The token the browser names the checkout by (spec 02 §7). */
    token: uuid('token').notNull().unique().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessPartnerId: uuid('business_partner_id')
      .notNull()
      .references(() => businessPartners.id, { onDelete: 'cascade' }),
    /** 'open', 'completing' (being paid for: no change until it ends), 'completed' or 'cleared'. */
    status: text('status').notNull().default('open'),
    /** Chosen at checkout; none chosen means the business's default (spec 02 §4). */
    shippingAddressId: uuid('shipping_address_id').references(() => businessPartnerAddresses.id, {
      onDelete: 'set null',
    }),
    billingAddressId: uuid('billing_address_id').references(() => businessPartnerAddresses.id, {
      onDelete: 'set null',
    }),
    shippingMethodId: text('shipping_method_id'),
    poNumber: text('po_number'),
    /** set-b2b-payment: COD, TERMS, CARD or BANK_ACCOUNT, the saved method, and the amount it covers. */
    paymentGateway: text('payment_gateway'),
    paymentMethodId: uuid('payment_method_id'),
    paymentAmountCents: bigint('payment_amount_cents', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    // One open cart per user: adding twice at once can never open two.
    uniqueIndex('checkouts_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'open'`),
    check('checkouts_status', sql`${t.status} in ('open', 'completing', 'completed', 'cleared')`),
  ],
);

/** A product and its quantity in a checkout; a product appears once (adding again adds to it). */
export const checkoutLines = pgTable(
  'checkout_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('checkout_lines_product').on(t.checkoutId, t.productId),
    index('checkout_lines_product_id').on(t.productId),
    check('checkout_lines_quantity', sql`${t.quantity} between 1 and 999`),
  ],
);

/** A write of a user's cart under an Idempotency-Key: who sent it, the key, what it asked (its hash), which cart. */
const keyedWriteColumns = () => ({
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  checkoutId: uuid('checkout_id')
    .notNull()
    .references(() => checkouts.id, { onDelete: 'cascade' }),
});

/**
 * One try to complete a checkout under an Idempotency-Key (issue 18): what was asked (its hash), what it
 * will charge and write (the snapshot), and how it ended. Its id is the processor's idempotency key, so a
 * crash between the charge and the order leaves a charge that recovery finds by it.
 */
export const checkoutAttempts = pgTable(
  'checkout_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...keyedWriteColumns(),
    /** 'charging' (the order is not written yet), 'completed' or 'failed'. */
    status: text('status').notNull(),
    /** The order to write: priced lines, addresses, totals, payment (what completion decided). */
    snapshot: jsonb('snapshot').notNull(),
    orderId: uuid('order_id'),
    /** A failure's answer, replayed to a retry under the same key. */
    failure: jsonb('failure').$type<StoredFailure>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('checkout_attempts_key').on(t.userId, t.idempotencyKey),
    index('checkout_attempts_charging')
      .on(t.createdAt)
      .where(sql`${t.status} = 'charging'`),
    check('checkout_attempts_status', sql`${t.status} in ('charging', 'completed', 'failed')`),
  ],
);

/**
 * issue 30 item 2: a plan for a device, beside the product lines of the same cart (spec 02 §3 cart subscription
 * line: device_key, productName, newPricingPlan, plan_id, new_plan_name). One line per device: adding a plan for a
 * device already in the cart replaces its line. The price is not stored: it is read from contracts' price table
 * in the buyer's currency whenever the cart is answered, as product prices are.
 */
export const checkoutSubscriptionLines = pgTable(
  'checkout_subscription_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    deviceKey: text('device_key').notNull(),
    /** The device's model (FT-X2…) when it was added: spec 02 §3 productName. */
    productName: text('product_name').notNull(),
    planId: text('plan_id').notNull(),
    /** spec 02 §3 newPricingPlan: the duration (month_to_month, 1_year … 6_year). */
    duration: text('duration').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('checkout_subscription_lines_device').on(t.checkoutId, t.deviceKey),
    check('checkout_subscription_lines_plan', sql`${t.planId} in ('basic', 'premium', 'premium_plus', 'ultimate')`),
    check(
      'checkout_subscription_lines_duration',
      sql`${t.duration} in ('month_to_month', '1_year', '2_year', '3_year', '4_year', '5_year', '6_year')`,
    ),
  ],
);

/**
 * issue 33 item 3: a pasted list added to a cart under an Idempotency-Key, so that a double click or a retry after no
 * answer adds it once. Written in the transaction that adds the lines; a repeat with the same key finds this row
 * (the user's lock makes it wait for the first) and answers without adding; another body under the key is refused.
 */
export const checkoutPastedAdds = pgTable(
  'checkout_pasted_adds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...keyedWriteColumns(),
    ...timestamps,
  },
  (t) => [uniqueIndex('checkout_pasted_adds_key').on(t.userId, t.idempotencyKey)],
);
