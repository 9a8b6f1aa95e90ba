import { sql, type SQL } from 'drizzle-orm';
import { ANONYMOUS_PRICING, type PricingContext } from '@portal/contracts';
import type { Actor } from '../../../actor.ts';
import { brands, productPrices, products } from '../schema.ts';

/** The prices an actor sees (spec 01 §6): the anonymous context when nobody is signed in. */
export function pricingOf(actor: Actor | null) {
  if (!actor) return { pricing: ANONYMOUS_PRICING, channelSlug: 'msrp', account: null };
  const bp = actor.business;
  return {
    pricing: actor.pricing,
    channelSlug: actor.channelSlug,
    account: bp ? { sapBpCode: bp.sapBpCode, companyName: bp.companyName, channel: bp.channelSlug } : null,
  };
}
/** What prices a list: the pricing context, its channel, and the account shown beside a search. */
export type Prices = ReturnType<typeof pricingOf>;

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

/**
 * The same rule by brand, for price sorts: the brands whose products are priced at the channel's
 * discounted price, and those priced at the list price (`product_prices.list_cents`: the msrp, else
 * the discounted price). A price sort walks one index per brand in order and merges the walks.
 * Tests prove it equals `priceFor` for every demo role.
 */
export function priceWalks(
  ctx: PricingContext,
  /** The brands a search may return. */
  brandIds: readonly string[],
  /** The ids of `ctx.approvedBrandSlugs`. */
  approvedBrandIds: readonly string[],
): { discounted: string[]; list: string[] } {
  if (!ctx.signedIn || ctx.isRetired) return { discounted: [], list: [...brandIds] };
  if (ctx.isSalesRep && !ctx.hasSelectedBusiness) return { discounted: [...brandIds], list: [] };
  const approved = new Set(approvedBrandIds);
  return {
    discounted: brandIds.filter((id) => approved.has(id)),
    list: brandIds.filter((id) => !approved.has(id)),
  };
}
