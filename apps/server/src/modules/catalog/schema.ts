import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Sales channels: prices are set per channel (spec 01 §3: channel.slug, default msrp). */
export const channels = pgTable('channels', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
});

/** spec 01 §3: the fourteen categories. */
export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  position: integer('position').notNull(),
});

export const brands = pgTable('brands', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  position: integer('position').notNull(),
});

/** Postgres full-text vector (drizzle has no built-in type for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A block of a product's rich description, rendered without HTML injection. */
export type DescriptionBlock =
  { type: 'paragraph'; text: string } | { type: 'heading'; text: string } | { type: 'list'; items: string[] };

/** spec 01 §3 product. Prices: msrp here, the discounted price per channel in product_prices. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sku: text('sku').notNull().unique(),
    name: text('name').notNull(),
    description: jsonb('description').$type<DescriptionBlock[]>().notNull(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    images: jsonb('images').$type<string[]>().notNull(),
    relatedSkus: text('related_skus')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** spec 01 §3 metadata as key/value pairs (manufacture_case_qty among them). */
    metadata: jsonb('metadata').$type<{ key: string; value: string }[]>().notNull(),
    caseQty: integer('case_qty').notNull().default(1),
    msrpCents: integer('msrp_cents'),
    isAvailable: boolean('is_available').notNull().default(true),
    isAvailableForPurchase: boolean('is_available_for_purchase').notNull().default(true),
    /** Units sold in the last 90 days: drives "popular products". */
    popularity: integer('popularity').notNull().default(0),
    search: tsvector('search').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple', coalesce(${products.sku}, '')), 'A') || setweight(to_tsvector('english', coalesce(${products.name}, '')), 'B')`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_search_idx').using('gin', t.search),
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('products_sku_trgm_idx').using('gin', t.sku.op('gin_trgm_ops')),
    index('products_brand_idx').on(t.brandId),
    index('products_category_idx').on(t.categoryId),
    index('products_popularity_idx').on(t.popularity),
    // The keyset orders of search: name (case-insensitive) and list price, each with the id tiebreak.
    index('products_name_sort_idx').on(sql`lower(${t.name})`, t.id),
    // Name sorts within a brand filter walk one brand at a time (names start with the brand).
    index('products_brand_name_sort_idx').on(t.brandId, sql`lower(${t.name})`, t.id),
    index('products_msrp_sort_idx').on(t.msrpCents, t.id),
  ],
);

/** The discounted price of a product in a sales channel. */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    channelSlug: text('channel_slug')
      .notNull()
      .references(() => channels.slug),
    discountedCents: integer('discounted_cents').notNull(),
    /*
     * Copies of the product's brand and category and its list price (msrp, else this discounted price),
     * kept by triggers (migration 0012) whatever writes products or prices, never written by the app:
     * a price sort reads these indexes in order, one walk per brand (and category), see priceWalks.
     */
    brandId: uuid('brand_id'),
    categoryId: uuid('category_id'),
    listCents: integer('list_cents'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.channelSlug] }),
    // Price sorts of a term read these in order (keyset: price, then product id; see priceWalks): the
    // channel price, and the list price, which is the whole rule for visitors, retired users and dealers
    // without approved brands (and for the brands a dealer is not approved for).
    index('product_prices_channel_idx').on(t.channelSlug, t.discountedCents, t.productId),
    index('product_prices_list_idx').on(t.channelSlug, t.listCents, t.productId),
    index('product_prices_brand_discounted_idx').on(t.channelSlug, t.brandId, t.discountedCents, t.productId),
    index('product_prices_brand_list_idx').on(t.channelSlug, t.brandId, t.listCents, t.productId),
    index('product_prices_category_discounted_idx').on(
      t.channelSlug,
      t.categoryId,
      t.brandId,
      t.discountedCents,
      t.productId,
    ),
    index('product_prices_category_list_idx').on(t.channelSlug, t.categoryId, t.brandId, t.listCents, t.productId),
  ],
);

/**
 * The search dictionary: every distinct word of letters in product names and SKU segments (pg_trgm's
 * spelling-correction recipe). A search corrects each typed word to its nearest words here, found
 * through the trigram GiST index (KNN on `<->`), and then runs a plain full-text query. Kept by a
 * trigger on `products` (words of inserted and updated products are added) and rebuilt by
 * `refreshSearchWords` after catalog loads (which also drops words no product uses any more).
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_words_word_trgm_idx').using('gist', t.word.op('gist_trgm_ops'))],
);
