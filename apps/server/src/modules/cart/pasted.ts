import {
  MAX_LINE_QUANTITY,
  mergePastedLines,
  type MatchPastedRequest,
  type PastedLineResult,
  type PastedLineStatus,
  type Product,
} from '@portal/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { productsBySkus } from '../catalog/index.ts';
import type { Buyer } from './pricing.ts';

/*
 * Quick order from a pasted list (issue 33 item 3): what each pasted line is for the buyer's business. The browser
 * reads the paste with contracts' `parsePastedOrder`; a caller of the API may send any lines, so they are merged
 * here again by SKU (trimmed, case-insensitive).
 */

type PastedLines = MatchPastedRequest['lines'];

function statusOf(product: Product | undefined, quantity: number): PastedLineStatus {
  // A product without a price in the business's channel is not in its catalog (search does not show it either).
  if (!product) return 'unknown';
  if (!product.isAvailableForPurchase) return 'notForSale';
  if (quantity > MAX_LINE_QUANTITY) return 'tooMany';
  // Backorders are taken (issue 27 §12): out of stock still goes into the cart, said as such.
  return product.isAvailable ? 'inStock' : 'backorder';
}

/**
 * Every pasted line as found in the catalog of the buyer's business, at the buyer's prices (spec 01 §6): all SKUs
 * in one query. Read in the caller's transaction when it adds them.
 */
export async function findPasted(db: Db | Tx, buyer: Buyer, lines: PastedLines): Promise<PastedLineResult[]> {
  const merged = mergePastedLines(lines);
  // Inside a transaction the Tx is the one connection productsBySkus reads through (as priceCheckout does).
  const found = await productsBySkus(
    db as Db,
    buyer,
    merged.map((line) => line.sku),
  );
  const bySku = new Map(found.map((product) => [product.sku, product]));
  return merged.map(({ sku, quantity }) => {
    const product = bySku.get(sku);
    return {
      sku,
      quantity,
      status: statusOf(product, quantity),
      product: product
        ? {
            id: product.id,
            sku: product.sku,
            name: product.name,
            price: product.price,
            isAvailable: product.isAvailable,
            caseQty: product.caseQty,
          }
        : null,
    };
  });
}
