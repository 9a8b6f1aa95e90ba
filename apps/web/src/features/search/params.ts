import { APPROVED_BRANDS_VALUE, SEARCH_SORTS, type SearchSort } from '@portal/contracts/constants';
import { RECENT_PRODUCT_SEARCHES } from '@portal/contracts/constants';

/**
 * The /search screen's state lives in its address (spec 01 §2.5): b brands, c categories
 * (comma-separated slugs), p page, s term, qo quick order, so sorting.
 */
export interface SearchState {
  term: string;
  categories: string[];
  brands: string[];
  page: number;
  quickOrder: boolean;
  sort: SearchSort;
}

export const DEFAULT_SORT: SearchSort = 'price-desc';
const MAX_PAGE = 100_000;
const slugList = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => /^[a-z0-9-]{1,60}$/.test(s))
    .filter((s, i, all) => all.indexOf(s) === i)
    .slice(0, 20);

/** Reads the address; anything malformed falls back to the default rather than failing. */
export function parseSearchParams(params: URLSearchParams): SearchState {
  const page = Number(params.get('p'));
  const sort = params.get('so') as SearchSort | null;
  return {
    term: (params.get('s') ?? '').trim().slice(0, 100),
    categories: slugList(params.get('c')),
    brands: slugList(params.get('b')),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    quickOrder: params.get('qo') === '1',
    sort: sort && (SEARCH_SORTS as readonly string[]).includes(sort) ? sort : DEFAULT_SORT,
  };
}

/** The address of a search; defaults are left out so links stay short and comparable. */
export function searchPath(state: Partial<SearchState>): string {
  const params = new URLSearchParams();
  if (state.term?.trim()) params.set('s', state.term.trim());
  if (state.categories?.length) params.set('c', state.categories.join(','));
  if (state.brands?.length) params.set('b', state.brands.join(','));
  if (state.sort && state.sort !== DEFAULT_SORT) params.set('so', state.sort);
  if (state.page && state.page > 1) params.set('p', String(state.page));
  if (state.quickOrder) params.set('qo', '1');
  const query = params.toString();
  return `/search${query ? `?${query.replace(/%2C/g, ',')}` : ''}`;
}

export const isApprovedOnly = (state: Pick<SearchState, 'brands'>) => state.brands.includes(APPROVED_BRANDS_VALUE);

/** spec 01 §3 recent product search. */
export interface RecentSearch {
  searchTerm: string;
  categorySelected: string | null;
  brandSelected: string | null;
}

/** spec 01 §4, §9: newest first, 5 kept, de-duplicated by term (the newer one wins). */
export function addRecentSearch(list: readonly RecentSearch[], entry: RecentSearch): RecentSearch[] {
  const term = entry.searchTerm.trim();
  if (!term) return [...list];
  const key = term.toLowerCase();
  return [{ ...entry, searchTerm: term }, ...list.filter((r) => r.searchTerm.trim().toLowerCase() !== key)].slice(
    0,
    RECENT_PRODUCT_SEARCHES,
  );
}

/** Reads stored recent searches, dropping anything that is not one. */
export function parseRecentSearches(raw: string | null): RecentSearch[] {
  try {
    const value: unknown = JSON.parse(raw ?? '[]');
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (r): r is RecentSearch =>
          typeof r === 'object' &&
          r !== null &&
          typeof (r as RecentSearch).searchTerm === 'string' &&
          (r as RecentSearch).searchTerm.trim() !== '',
      )
      .map((r) => ({
        searchTerm: r.searchTerm,
        categorySelected: typeof r.categorySelected === 'string' ? r.categorySelected : null,
        brandSelected: typeof r.brandSelected === 'string' ? r.brandSelected : null,
      }))
      .slice(0, RECENT_PRODUCT_SEARCHES);
  } catch {
    return [];
  }
}

/**
 * The results' heading: the term, else what the filters narrow to ('Remote Starters · Northwind',
 * 'My approved brands'), and 'All products' only when nothing narrows them (issue 15 §12).
 */
export function searchHeading(
  state: Pick<SearchState, 'term' | 'categories' | 'brands'>,
  nameOf: (slug: string, kind: 'categories' | 'brands') => string,
): string {
  if (state.term) return `Results for “${state.term}”`;
  // Up to two names of a kind; more read as a count ('3 categories').
  const named = (slugs: string[], kind: 'categories' | 'brands') =>
    slugs.length === 0
      ? null
      : slugs.length <= 2
        ? slugs.map((slug) => nameOf(slug, kind)).join(' & ')
        : `${slugs.length} ${kind}`;
  const parts = [named(state.categories, 'categories'), named(state.brands, 'brands')].filter((part) => part !== null);
  return parts.length ? parts.join(' · ') : 'All products';
}
