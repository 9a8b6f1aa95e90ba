import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { messages, moneyOf, priceFor, shortCodeOf, type PricingContext, type Product } from '@portal/contracts';
import type { Db, Tx } from '../../../db/client.ts';
import { refuse } from '../../../refusal.ts';
import type { Actor } from '../../../actor.ts';
import { brands, categories, productPrices, products } from '../schema.ts';
import { pricingOf } from './pricing.ts';

/**
 * A product as lists show it, but its channel price (needs `products`, `brands` and `categories`): what
 * productSelect reads, and the search index keeps for its pages (repo/search-index.ts).
 */
export const listColumns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  images: products.images,
  msrpCents: products.msrpCents,
  isAvailable: products.isAvailable,
  isAvailableForPurchase: products.isAvailableForPurchase,
  caseQty: products.caseQty,
  // Columns of the row already read: the spec's attributes and metadata cost no extra query.
  relatedSkus: products.relatedSkus,
  metadata: products.metadata,
  brandName: brands.name,
  brandSlug: brands.slug,
  categoryName: categories.name,
  categorySlug: categories.slug,
};

/** The columns every product list needs, priced in the acting channel; `key` is the sort value. */
export function productSelect(db: Db, channelSlug: string, key: SQL = sql`null`) {
  return db
    .select({
      ...listColumns,
      discountedCents: productPrices.discountedCents,
      key: sql<number | string>`${key}`.as('sort_key'),
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(
      productPrices,
      and(eq(productPrices.productId, products.id), eq(productPrices.channelSlug, channelSlug)),
    );
}
export type ProductRow = Awaited<ReturnType<typeof productSelect>>[number];

/** spec 01 §3: the metadata key holding the case quantity, an integer on the wire. */
export const CASE_QTY_KEY = 'manufacture_case_qty';

/**
 * The product's metadata as the spec shapes it: the stored key/value pairs, with
 * manufacture_case_qty as the integer the cart uses (the `case_qty` column), added when missing.
 */
export function metadataOf(row: Pick<ProductRow, 'metadata' | 'caseQty'>): Product['metadata'] {
  const rest = row.metadata.filter((entry) => entry.key !== CASE_QTY_KEY);
  return [{ key: CASE_QTY_KEY, value: row.caseQty }, ...rest];
}

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The fields of a summary that depend on who asks (spec 01 §6): the price paid and the list price. */
export type PricedPart = Pick<Product, 'price' | 'pricing'>;
/** A product's list fields but its price: the same for every asker (spec 01 §3). */
export type UnpricedSummary = Omit<Product, keyof PricedPart>;

/** The price part of a product's summary, at the caller's price (spec 01 §6). */
export function pricedPartOf(
  row: Pick<ProductRow, 'brandSlug' | 'msrpCents' | 'discountedCents'>,
  pricing: PricingContext,
): PricedPart {
  const price = priceFor(
    { brandSlug: row.brandSlug, msrpCents: row.msrpCents, discountedCents: row.discountedCents },
    pricing,
  );
  const paid = { gross: moneyOf(price.cents) };
  // The list price: the msrp, else the price paid (as product_prices.list_cents).
  const list = { gross: moneyOf(row.msrpCents ?? price.cents) };
  return {
    price,
    pricing: { priceRange: { start: paid, stop: paid }, priceRangeUndiscounted: { start: list, stop: list } },
  };
}

/** Everything a summary shows but its price, with the spec's fields (§3). */
export function unpricedSummaryOf(row: Omit<ProductRow, 'discountedCents' | 'key'>): UnpricedSummary {
  return {
    id: row.id,
    sku: row.sku,
    shortCode: shortCodeOf(row.sku),
    name: row.name,
    brand: { name: row.brandName, slug: row.brandSlug },
    category: { name: row.categoryName, slug: row.categorySlug },
    image: row.images[0] ?? null,
    msrpCents: row.msrpCents,
    isAvailable: row.isAvailable,
    isAvailableForPurchase: row.isAvailableForPurchase,
    caseQty: row.caseQty,
    product_name: row.name,
    msrp: row.msrpCents === null ? null : moneyOf(row.msrpCents).amount,
    attributes: [
      {
        attribute: { name: 'Brand Name', slug: 'brand-name' },
        values: [{ name: row.brandName, slug: row.brandSlug }],
      },
      {
        attribute: { name: 'related-product-skus', slug: 'related-product-skus' },
        values: row.relatedSkus.map((sku) => ({ name: sku, slug: slugOf(sku) })),
      },
    ],
    metadata: metadataOf(row),
    defaultVariant: { sku: row.sku },
  };
}

/** A product row as lists show it, at the caller's price (spec 01 §6), with the spec's fields (§3). */
export const toSummary = (row: ProductRow, pricing: PricingContext): Product => ({
  ...unpricedSummaryOf(row),
  ...pricedPartOf(row, pricing),
});

/**
 * Products by id, in the order asked, at the actor's prices (spec 01 §6); unknown ids are left out,
 * and so are products not available when `availableOnly` (deals).
 */
export async function productsByIds(db: Db, actor: Actor | null, ids: string[], { availableOnly = false } = {}) {
  const { pricing, channelSlug } = pricingOf(actor);
  const rows = await productSelect(db, channelSlug).where(
    and(inArray(products.id, ids), availableOnly ? eq(products.isAvailable, true) : undefined),
  );
  const byId = new Map(rows.map((row) => [row.id, toSummary(row, pricing)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Products by SKU, in the order asked, at the actor's prices; unknown SKUs are left out
 * (spec 01 §7 vehicle-saleor-products; also the product page's related products).
 */
export async function productsBySkus(db: Db, actor: Actor | null, skus: string[]) {
  const wanted = skus.map((sku) => sku.trim().toUpperCase());
  const { pricing, channelSlug } = pricingOf(actor);
  const rows = await productSelect(db, channelSlug).where(inArray(products.sku, wanted));
  const bySku = new Map(rows.map((row) => [row.sku, toSummary(row, pricing)]));
  return [...new Set(wanted)].flatMap((sku) => bySku.get(sku) ?? []);
}

/** The best sellers of the last 90 days (dashboard). */
export async function popularProducts(db: Db, actor: Actor | null, limit: number) {
  const { pricing, channelSlug } = pricingOf(actor);
  const rows = await productSelect(db, channelSlug)
    .where(eq(products.isAvailable, true))
    .orderBy(desc(products.popularity), asc(products.id))
    .limit(limit);
  return rows.map((row) => toSummary(row, pricing));
}

/** One product by SKU with its description, pictures, related SKUs and metadata; 404 'Not Found'. */
export async function productBySku(db: Db, actor: Actor | null, sku: string) {
  const { pricing, channelSlug } = pricingOf(actor);
  const [row] = await productSelect(db, channelSlug).where(eq(products.sku, sku.toUpperCase()));
  if (!row) throw refuse.notFound(messages.notFound);
  const [detail] = await db.select({ description: products.description }).from(products).where(eq(products.id, row.id));
  return { ...toSummary(row, pricing), images: row.images, relatedSkus: row.relatedSkus, ...detail! };
}

/**
 * Whether each product (by id) is for sale in a channel: it is available for purchase and has a price
 * there (a cart line without one could not be shown or totalled). Unknown ids are left out. Read in
 * the caller's transaction (the cart's change).
 */
export async function forSaleInChannel(tx: Tx, productIds: string[], channelSlug: string) {
  const rows = await tx
    .select({
      id: products.id,
      forSale: sql<boolean>`${products.isAvailableForPurchase} and ${productPrices.productId} is not null`,
    })
    .from(products)
    .leftJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.channelSlug, channelSlug)))
    .where(inArray(products.id, productIds));
  return new Map(rows.map((row) => [row.id, row.forSale]));
}
