import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { users } from '../users/schema.ts';
import { businessPartners } from '../business-partners/schema.ts';
import { products } from '../catalog/schema.ts';

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
    /** 'open', 'completed' or 'cleared'. */
    status: text('status').notNull().default('open'),
    ...timestamps,
  },
  (t) => [
    // One open cart per user: adding twice at once can never open two.
    uniqueIndex('checkouts_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'open'`),
    check('checkouts_status', sql`${t.status} in ('open', 'completed', 'cleared')`),
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
