import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { brands, products } from '../catalog/schema.ts';

/**
 * Deals (issue 4: /deals and the dashboard). A promotion features products for a period; the
 * price shown stays the session's price under the one price rule (spec 01 §6) — a promotion is
 * merchandising, not a second price list (docs/decisions.md).
 */
export const promotions = pgTable(
  'promotions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** Short label on product cards, e.g. 'Winter Deal'. */
    badge: text('badge').notNull(),
    position: integer('position').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('promotions_window_idx').on(t.startsAt, t.endsAt)],
);

export const promotionProducts = pgTable(
  'promotion_products',
  {
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.promotionId, t.productId] }),
    index('promotion_products_product_idx').on(t.productId),
  ],
);

/** Coupon codes redeemed at checkout: a percent or an amount off, optionally for one brand. */
export const coupons = pgTable('coupons', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  kind: text('kind', { enum: ['percent', 'amount'] }).notNull(),
  /** Percent (1–100) or cents, by kind. */
  value: integer('value').notNull(),
  minSubtotalCents: integer('min_subtotal_cents'),
  brandId: uuid('brand_id').references(() => brands.id),
  /** 'everyone', or 'accounts' for signed-in buyers only. */
  audience: text('audience', { enum: ['everyone', 'accounts'] })
    .notNull()
    .default('everyone'),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
});
