import type { Product } from '@portal/contracts';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../actor.ts';
import { brandsByIds as brandRows } from './repo/index.ts';
import * as products from './repo/products.ts';

/** What other modules read of the catalog: products at the actor's prices, sellability, brand names. */

/**
 * Products by id, in the order asked, at the actor's prices (spec 01 §6); unknown ids are left out, and
 * so are products not available when `availableOnly` (deals).
 */
export function productsByIds(
  db: Db,
  actor: Actor | null,
  ids: string[],
  options: { availableOnly?: boolean } = {},
): Promise<Product[]> {
  return products.productsByIds(db, actor, ids, options);
}

/** Products by SKU, in the order asked, at the actor's prices; unknown SKUs are left out (a vehicle's modules). */
export function productsBySkus(db: Db, actor: Actor | null, skus: string[]): Promise<Product[]> {
  return products.productsBySkus(db, actor, skus);
}

/**
 * Whether each product (by id) is for sale in a channel: available for purchase and priced there.
 * Unknown ids are left out. Read in the caller's transaction (a cart change, a reorder).
 */
export function forSaleInChannel(tx: Tx, productIds: string[], channelSlug: string): Promise<Map<string, boolean>> {
  return products.forSaleInChannel(tx, productIds, channelSlug);
}

/** Brands by id, with their names and slugs (the brands a deal's coupons are for). */
export function brandsByIds(db: Db, ids: string[]): Promise<Map<string, { name: string; slug: string }>> {
  return brandRows(db, ids);
}
