import { describe, expect, it } from 'vitest';
import { parseSearchParams } from '../features/search/params.ts';
import { brandHref, categoryHref } from './navigation.ts';

const stateOf = (href: string) => parseSearchParams(new URL(href, 'http://portal.test').searchParams);

describe('category and brand links (spec 01 §2.4, §6)', () => {
  it('without a selected business: the category or brand alone', () => {
    expect(categoryHref('remote-starters')).toBe('/search?c=remote-starters');
    expect(brandHref('sentinel', null)).toBe('/search?b=sentinel');
  });

  it('with a business: categories show approved brands only, approved brands carry the filter', () => {
    const approved = ['northwind', 'arcticstart'];
    expect(stateOf(categoryHref('remote-starters', approved))).toMatchObject({
      categories: ['remote-starters'],
      brands: ['approved-brands'],
    });
    expect(stateOf(brandHref('northwind', approved)).brands).toEqual(['northwind', 'approved-brands']);
    expect(stateOf(brandHref('sentinel', approved)).brands).toEqual(['sentinel']);
  });

  it('a business with no approved brands adds nothing', () => {
    expect(categoryHref('security', [])).toBe('/search?c=security');
  });
});
