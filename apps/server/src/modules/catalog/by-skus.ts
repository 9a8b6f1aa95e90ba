import { inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { AuthService } from '../auth/service.ts';
import { products } from './schema.ts';
import { pricingForRequest, productSelect, toSummary } from './search.ts';

/**
 * Products by SKU, in the order asked, at the session's prices; unknown SKUs are left out
 * (spec 01 §7 vehicle-saleor-products; also the product page's related products).
 */
export async function productsBySkus(ctx: AppContext, auth: AuthService, request: FastifyRequest, skus: string[]) {
  const wanted = skus.map((sku) => sku.trim().toUpperCase());
  const { pricing, channelSlug } = await pricingForRequest(ctx, auth, request);
  const rows = await productSelect(ctx, channelSlug).where(inArray(products.sku, wanted));
  const bySku = new Map(rows.map((row) => [row.sku, toSummary(row, pricing)]));
  return [...new Set(wanted)].flatMap((sku) => bySku.get(sku) ?? []);
}
