import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { users } from '../users/schema.ts';
import { businessPartners } from '../business-partners/schema.ts';
import { products } from '../catalog/schema.ts';
import type { OrderAddress } from './address.ts';

/**
 * An order (spec 02 §3), written once by checkout completion with the prices paid (ARCHITECTURE
 * "Orders"); later only its status, carrier and tracking move. Money in integer cents.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The number a dealer quotes (shown as SO-100001). */
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    businessPartnerId: uuid('business_partner_id')
      .notNull()
      .references(() => businessPartners.id, { onDelete: 'cascade' }),
    /** The checkout it completed: one order per checkout, whatever retries happen. */
    checkoutId: uuid('checkout_id').notNull().unique(),
    /** The person who placed it (a sales rep, when a rep did). */
    placedByUserId: text('placed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    placedByName: text('placed_by_name').notNull(),
    placedByEmail: text('placed_by_email').notNull(),
    /** The dealer primary a rep acted as, by name; null when the buyer placed it. */
    actingForName: text('acting_for_name'),
    status: text('status').notNull().default('placed'),
    poNumber: text('po_number'),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>().notNull(),
    billingAddress: jsonb('billing_address').$type<OrderAddress>(),
    shippingMethodId: text('shipping_method_id').notNull(),
    shippingMethodName: text('shipping_method_name').notNull(),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    shippingCents: bigint('shipping_cents', { mode: 'number' }).notNull(),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    taxExempt: boolean('tax_exempt').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('USD'),
    /** COD, TERMS, CARD or BANK_ACCOUNT. */
    paymentKind: text('payment_kind').notNull(),
    /** How it was paid, as the dealer reads it ('Visa **** 4242', 'Cash on delivery'). */
    paymentLabel: text('payment_label').notNull(),
    paymentMethodId: uuid('payment_method_id'),
    processorChargeId: text('processor_charge_id'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** spec 02 §3 order metadata, a key/value list. */
    metadata: jsonb('metadata').$type<{ key: string; value: string }[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    index('orders_business_created').on(t.businessPartnerId, t.createdAt.desc(), t.id.desc()),
    index('orders_po_number').on(t.businessPartnerId, t.poNumber),
    check('orders_status', sql`${t.status} in ('placed', 'processing', 'shipped', 'delivered', 'cancelled')`),
    check('orders_payment_kind', sql`${t.paymentKind} in ('COD', 'TERMS', 'CARD', 'BANK_ACCOUNT')`),
  ],
);

/** What was bought, at the price paid (the product may change or go; the line keeps its name and SKU). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    /** Out of stock when ordered (docs/decisions.md: backorders are taken, issue 27 §12): ships when restocked. */
    backordered: boolean('backordered').notNull().default(false),
  },
  (t) => [index('order_lines_order').on(t.orderId), index('order_lines_product').on(t.productId)],
);

/** Each status an order reached, when, and by whom. */
export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    byUserId: text('by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('order_status_events_order').on(t.orderId, t.at)],
);
