import { sql, type SQL } from 'drizzle-orm';
import type { PricingContext } from '@portal/contracts';
import { brands, productPrices, products } from './schema.ts';

/**
 * The SQL twin of `priceFor` (contracts/pricing.ts), for sorting and filtering by price in the
 * database. Needs `products`, `brands` (as the product's brand) and `product_prices` (the acting
 * channel) in the query. Tests prove it equals the TypeScript rule for every demo role.
 */
export function priceCentsSql(ctx: PricingContext): SQL<number> {
  const discounted = sql`${productPrices.discountedCents}`;
  if (!ctx.signedIn || ctx.isRetired) return sql<number>`coalesce(${products.msrpCents}, ${discounted})`;
  if (ctx.isSalesRep && !ctx.hasSelectedBusiness) return sql<number>`${discounted}`;
  if (ctx.approvedBrandSlugs.length === 0) return sql<number>`coalesce(${products.msrpCents}, ${discounted})`;
  const approved = sql.join(
    ctx.approvedBrandSlugs.map((slug) => sql`${slug}`),
    sql`, `,
  );
  return sql<number>`case when ${brands.slug} in (${approved}) or ${products.msrpCents} is null then ${discounted} else ${products.msrpCents} end`;
}
