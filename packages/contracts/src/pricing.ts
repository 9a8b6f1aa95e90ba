/**
 * spec 01 §6 price rule, the one definition. The server sorts by price with its SQL twin
 * (apps/server/src/modules/catalog/pricing-sql.ts), and tests prove both agree for every demo role.
 */
export interface PricingContext {
  /** Anonymous visitors see list prices. */
  signedIn: boolean;
  isRetired: boolean;
  isSalesRep: boolean;
  hasSelectedBusiness: boolean;
  /** Approved brands of the business the user acts for (spec 01 §3 approvedBrands). */
  approvedBrandSlugs: readonly string[];
}

export interface PricedProduct {
  brandSlug: string;
  /** List price; some products have none. */
  msrpCents: number | null;
  /** The acting business's channel price. */
  discountedCents: number;
}

export type PriceKind = 'discounted' | 'msrp';

/**
 * A sales rep without a selected business, or any product of an approved brand, gets the
 * discounted price; otherwise — and always for a retired user — the msrp when present.
 */
export function priceKindFor(product: PricedProduct, ctx: PricingContext): PriceKind {
  if (product.msrpCents === null) return 'discounted'; // "the msrp when present"
  if (!ctx.signedIn || ctx.isRetired) return 'msrp';
  if (ctx.isSalesRep && !ctx.hasSelectedBusiness) return 'discounted';
  return ctx.approvedBrandSlugs.includes(product.brandSlug) ? 'discounted' : 'msrp';
}

export function priceFor(product: PricedProduct, ctx: PricingContext): { cents: number; kind: PriceKind } {
  const kind = priceKindFor(product, ctx);
  return { kind, cents: kind === 'msrp' ? product.msrpCents! : product.discountedCents };
}

export const ANONYMOUS_PRICING: PricingContext = {
  signedIn: false,
  isRetired: false,
  isSalesRep: false,
  hasSelectedBusiness: false,
  approvedBrandSlugs: [],
};
