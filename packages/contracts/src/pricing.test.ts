import { describe, expect, it } from 'vitest';
import { ANONYMOUS_PRICING, priceFor, type PricedProduct, type PricingContext } from './pricing.ts';

const approved: PricedProduct = { brandSlug: 'northwind', msrpCents: 29_999, discountedCents: 18_450 };
const other: PricedProduct = { brandSlug: 'sentinel', msrpCents: 14_999, discountedCents: 9_120 };
const noMsrp: PricedProduct = { brandSlug: 'sentinel', msrpCents: null, discountedCents: 4_500 };

const base = { signedIn: true, isRetired: false, isSalesRep: false, hasSelectedBusiness: false };
/** The demo roles (DEMO-DATA.md) as the rule sees them; Northside approves northwind. */
const ROLES: Record<string, PricingContext> = {
  anonymous: ANONYMOUS_PRICING,
  installer: { ...base, hasSelectedBusiness: true, approvedBrandSlugs: ['northwind'] },
  owner: { ...base, hasSelectedBusiness: true, approvedBrandSlugs: ['northwind'] },
  retired: { ...base, isRetired: true, hasSelectedBusiness: true, approvedBrandSlugs: ['northwind'] },
  repWithoutBusiness: { ...base, isSalesRep: true, approvedBrandSlugs: [] },
  repWithNorthside: { ...base, isSalesRep: true, hasSelectedBusiness: true, approvedBrandSlugs: ['northwind'] },
  consumer: { ...base, hasSelectedBusiness: true, approvedBrandSlugs: [] },
};

describe('price rule (spec 01 §6)', () => {
  it.each([
    // role, approved-brand product, other-brand product, product without msrp
    ['anonymous', 29_999, 14_999, 4_500],
    ['installer', 18_450, 14_999, 4_500],
    ['owner', 18_450, 14_999, 4_500],
    ['retired', 29_999, 14_999, 4_500], // retired: always msrp when present
    ['repWithoutBusiness', 18_450, 9_120, 4_500], // a rep without a business: discounted
    ['repWithNorthside', 18_450, 14_999, 4_500],
    ['consumer', 29_999, 14_999, 4_500],
  ])('%s pays %i / %i / %i', (role, a, b, c) => {
    const ctx = ROLES[role]!;
    expect(priceFor(approved, ctx).cents).toBe(a);
    expect(priceFor(other, ctx).cents).toBe(b);
    expect(priceFor(noMsrp, ctx)).toEqual({ cents: c, kind: 'discounted' });
  });
});
