import { describe, expect, it } from 'vitest';
import { productSchema, type PricingContext } from '@portal/contracts';
import { pricedFieldsOf } from './answer.ts';
import { pricedPartOf } from './repo/products.ts';

describe('the price part of a search answer', () => {
  it('is written exactly as the price part object would be, for every kind of asker and price', () => {
    const askers: PricingContext[] = [];
    for (const signedIn of [false, true])
      for (const isRetired of [false, true])
        for (const isSalesRep of [false, true])
          for (const hasSelectedBusiness of [false, true])
            for (const approvedBrandSlugs of [[], ['arcticstart'], ['arcticstart', 'pulserf']])
              askers.push({ signedIn, isRetired, isSalesRep, hasSelectedBusiness, approvedBrandSlugs });
    const cents = [0, 1, 5, 10, 99, 100, 101, 3499, 12_345, 99_999_999, 123_456_789_012];
    for (const pricing of askers)
      for (const brandSlug of ['arcticstart', 'pulserf', 'quietmat'])
        for (const msrpCents of [null, ...cents])
          for (const discountedCents of cents) {
            const row = { brandSlug, msrpCents, discountedCents };
            const part = pricedPartOf(row, pricing);
            expect(pricedFieldsOf(row, pricing)).toBe(JSON.stringify(part).slice(1, -1));
          }
    // And what it writes is the contract's price part.
    const written = JSON.parse(
      `{${pricedFieldsOf({ brandSlug: 'x', msrpCents: 3499, discountedCents: 2100 }, askers[0]!)}}`,
    );
    expect(productSchema.pick({ price: true, pricing: true }).parse(written)).toEqual(written);
  });
});
