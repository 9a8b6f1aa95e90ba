import { describe, expect, it } from 'vitest';
import { APPROVED_BRANDS_VALUE } from './constants.ts';
import { browseBrandFilter, wantedBrandSlugs } from './brands.ts';

const APPROVED = ['northwind', 'arcticstart'];

describe('wantedBrandSlugs (spec 01 §2.5, §6)', () => {
  it('no brand filter: null; chosen brands: those, once each, sorted', () => {
    expect(wantedBrandSlugs([], APPROVED)).toBeNull();
    expect(wantedBrandSlugs(['sentinel', 'northwind', 'sentinel'], APPROVED)).toEqual(['northwind', 'sentinel']);
  });

  it('"approved brands only" alone: the approved brands; with chosen brands: the approved among them', () => {
    expect(wantedBrandSlugs([APPROVED_BRANDS_VALUE], APPROVED)).toEqual(['arcticstart', 'northwind']);
    expect(wantedBrandSlugs(['northwind', 'sentinel', APPROVED_BRANDS_VALUE], APPROVED)).toEqual(['northwind']);
    expect(wantedBrandSlugs(['sentinel', APPROVED_BRANDS_VALUE], APPROVED)).toEqual([]);
    expect(wantedBrandSlugs([APPROVED_BRANDS_VALUE], [])).toEqual([]);
  });
});

describe('browseBrandFilter (spec 01 §6)', () => {
  it('with approved brands, a category shows them only and an approved brand carries the filter', () => {
    expect(browseBrandFilter(null, APPROVED)).toEqual([APPROVED_BRANDS_VALUE]);
    expect(browseBrandFilter('northwind', APPROVED)).toEqual(['northwind', APPROVED_BRANDS_VALUE]);
    expect(browseBrandFilter('sentinel', APPROVED)).toEqual(['sentinel']);
  });

  it('without a business or approved brands, nothing is added', () => {
    expect(browseBrandFilter(null, null)).toEqual([]);
    expect(browseBrandFilter(null, [])).toEqual([]);
    expect(browseBrandFilter('northwind', null)).toEqual(['northwind']);
  });
});
