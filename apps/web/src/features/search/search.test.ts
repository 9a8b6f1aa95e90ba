import { describe, expect, it } from 'vitest';
import { pageCount, pagerItems, resultCountText } from './pager.ts';
import {
  addRecentSearch,
  parseRecentSearches,
  parseSearchParams,
  searchHeading,
  searchPath,
  type RecentSearch,
} from './params.ts';

describe('pagerItems (spec 01 §4)', () => {
  it('shows every page when there are five or fewer', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerItems(1, 0)).toEqual([]);
  });

  it('shows first, ellipsis, a window around the current page, ellipsis, last', () => {
    expect(pagerItems(10, 20)).toEqual([1, 'gap-start', 9, 10, 11, 'gap-end', 20]);
  });

  it('leaves out an ellipsis where no page is skipped, and keeps the window size at the ends', () => {
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 'gap-end', 20]);
    expect(pagerItems(3, 20)).toEqual([1, 2, 3, 4, 'gap-end', 20]);
    expect(pagerItems(4, 20)).toEqual([1, 'gap-start', 3, 4, 5, 'gap-end', 20]);
    expect(pagerItems(20, 20)).toEqual([1, 'gap-start', 17, 18, 19, 20]);
    expect(pagerItems(2, 6)).toEqual([1, 2, 3, 4, 'gap-end', 6]);
  });

  it('clamps a page outside the range', () => {
    expect(pagerItems(99, 8)).toEqual([1, 'gap-start', 5, 6, 7, 8]);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 8)).toBe(1);
    expect(pageCount(8, 8)).toBe(1);
    expect(pageCount(9, 8)).toBe(2);
    expect(pageCount(2000, 100)).toBe(20);
  });
});

describe('search address (spec 01 §2.5: b, c, p, s, qo, so)', () => {
  it('reads every parameter', () => {
    expect(
      parseSearchParams(new URLSearchParams('s=remote+start&c=remote-start,security&b=northwind&p=3&qo=1&so=name-asc')),
    ).toEqual({
      term: 'remote start',
      categories: ['remote-start', 'security'],
      brands: ['northwind'],
      page: 3,
      quickOrder: true,
      sort: 'name-asc',
    });
  });

  it('falls back to defaults for malformed values', () => {
    expect(parseSearchParams(new URLSearchParams('p=-2&so=cheapest&qo=yes&c=<script>,,security,security'))).toEqual({
      term: '',
      categories: ['security'],
      brands: [],
      page: 1,
      quickOrder: false,
      sort: 'price-desc',
    });
    expect(parseSearchParams(new URLSearchParams('p=1.5')).page).toBe(1);
  });

  it('writes short addresses that read back the same', () => {
    expect(searchPath({ term: ' x900 ' })).toBe('/search?s=x900');
    expect(searchPath({ sort: 'price-desc', page: 1 })).toBe('/search');
    const state = parseSearchParams(
      new URLSearchParams('s=dash+cam&c=dash-cameras&b=nuview,approved-brands&p=2&so=price-asc&qo=1'),
    );
    expect(parseSearchParams(new URL(searchPath(state), 'http://x').searchParams)).toEqual(state);
  });
});

describe('recent searches (spec 01 §4, §9)', () => {
  const entry = (searchTerm: string): RecentSearch => ({ searchTerm, categorySelected: null, brandSelected: null });

  it('keeps five, newest first, de-duplicated by term', () => {
    let list: RecentSearch[] = [];
    for (const term of ['a', 'b', 'c', 'd', 'e', 'f']) list = addRecentSearch(list, entry(term));
    expect(list.map((r) => r.searchTerm)).toEqual(['f', 'e', 'd', 'c', 'b']);
    list = addRecentSearch(list, { searchTerm: ' C ', categorySelected: 'security', brandSelected: null });
    expect(list.map((r) => r.searchTerm)).toEqual(['C', 'f', 'e', 'd', 'b']);
    expect(list[0]!.categorySelected).toBe('security');
  });

  it('ignores empty terms and unreadable storage', () => {
    expect(addRecentSearch([], entry('  '))).toEqual([]);
    expect(parseRecentSearches('not json')).toEqual([]);
    expect(parseRecentSearches('{"a":1}')).toEqual([]);
    expect(parseRecentSearches('[{"searchTerm":"x900","categorySelected":5},{"searchTerm":""}]')).toEqual([
      entry('x900'),
    ]);
  });
});

describe('searchHeading (issue 15 §12)', () => {
  const names: Record<string, string> = {
    'remote-start': 'Remote Starters',
    alarms: 'Alarms',
    lighting: 'Lighting',
    northwind: 'Northwind',
    approved: 'My approved brands',
  };
  const nameOf = (slug: string) => names[slug] ?? slug;
  const heading = (categories: string[], brands: string[], term = '') =>
    searchHeading({ term, categories, brands }, nameOf);

  it.each([
    [[], [], 'All products'],
    [['remote-start'], [], 'Remote Starters'],
    [[], ['northwind'], 'Northwind'],
    [['remote-start'], ['northwind'], 'Remote Starters · Northwind'],
    [[], ['approved'], 'My approved brands'],
    [['remote-start', 'alarms'], ['approved'], 'Remote Starters & Alarms · My approved brands'],
    [['remote-start', 'alarms', 'lighting'], [], '3 categories'],
  ])('categories %j and brands %j read "%s"', (categories, brands, text) => {
    expect(heading(categories, brands)).toBe(text);
  });

  it('names the term first', () => {
    expect(heading(['remote-start'], [], 'starter')).toBe('Results for “starter”');
  });
});

describe('resultCountText (a count with a bound, docs/decisions.md)', () => {
  it('says an exact count as it is, and a bounded one with a plus', () => {
    expect(resultCountText(1, true, 1, 1)).toBe('1 product');
    expect(resultCountText(1234, true, 2, 155)).toBe('1,234 products · page 2 of 155');
    expect(resultCountText(10_000, true, 1, 1250)).toBe('10,000 products · page 1 of 1,250');
    expect(resultCountText(10_000, false, 3, 1250)).toBe('10,000+ products · page 3 of 1,250+');
  });
});
