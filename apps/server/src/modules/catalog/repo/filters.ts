import { ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { wantedBrandSlugs, type PricingContext, type SearchSort } from '@portal/contracts';
import type { Db } from '../../../db/client.ts';
import { brands, categories, products } from '../schema.ts';
import { cached } from '../search-cache.ts';
import { correctedQuery } from './spelling.ts';

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A term with punctuation is also matched as PostgreSQL parses it ("12/24", "2.4", "t-harness"). */
export const hasPunctuation = (term: string) => /[^\p{L}\p{N}\s]/u.test(term);
/**
 * The term as a SKU fragment, or null: a SKU has no spaces, and a fragment under 3 characters has no
 * trigram for an index.
 */
export const skuFragmentOf = (term: string) => (term.length >= 3 && !/\s/.test(term) ? term : null);
/** The SKU fragment's ILIKE pattern, or null (skuFragmentOf). */
export const skuPatternOf = (term: string) => {
  const fragment = skuFragmentOf(term);
  return fragment === null ? null : `%${escapeLike(fragment)}%`;
};

export type SearchInput = { sort: SearchSort; search?: string; categories: string[]; brands: string[] };

/**
 * The filter conditions of a search, on `products` columns only, so that the count needs no join.
 * Category and brand slugs become ids here (referenceIds, shared): with the ids as constants PostgreSQL
 * estimates a filter from the statistics of `products` (a subquery on the tiny, rarely analysed
 * reference tables made it guess 50 times too few rows and pick slow plans). Brand ids cover the
 * approved brands too, for the price split.
 */
export async function filterOf(db: Db, pricing: PricingContext, filters: SearchInput) {
  const brandSlugs = wantedBrandSlugs(filters.brands, pricing.approvedBrandSlugs) ?? [];
  const ids = await referenceIds(db);
  const where: SQL[] = [];
  let termWhere: SQL | undefined;
  const term = filters.search?.trim();
  if (term) {
    // Full text (SKU and name) with each word spelling-corrected, or a SKU / short code fragment.
    const query = await cached(db, 'term', term, () => correctedQuery(db, term));
    const skuPattern = skuPatternOf(term);
    const matches = [
      query !== null && sql`${products.search} @@ to_tsquery('english', ${query})`,
      // The term as PostgreSQL parses it, for tokens the word split cuts up ("12/24", "2.4", "t-harness").
      hasPunctuation(term) && sql`${products.search} @@ websearch_to_tsquery('english', ${term})`,
      skuPattern !== null && ilike(products.sku, skuPattern),
    ].filter((m) => m !== false);
    termWhere = matches.length ? or(...matches)! : sql`false`;
    where.push(termWhere);
  }
  // null: no filter on that column; empty: a filter nothing matches.
  let categoryIds: string[] | null = null;
  if (filters.categories.length) {
    categoryIds = filters.categories.flatMap((slug) => ids.category.get(slug) ?? []);
    where.push(categoryIds.length ? inArray(products.categoryId, categoryIds) : sql`false`);
  }
  let brandIds: string[] | null = null;
  if (filters.brands.length) {
    // "Approved brands only" for someone with none approved matches nothing.
    brandIds = brandSlugs.flatMap((slug) => ids.brand.get(slug) ?? []);
    where.push(brandIds.length ? inArray(products.brandId, brandIds) : sql`false`);
  }
  const approvedBrandIds = pricing.approvedBrandSlugs.flatMap((slug) => ids.brand.get(slug) ?? []);
  const key = countKeyOf(pricing, filters);
  return { where, key, termWhere, categoryIds, brandIds: brandIds ?? [...ids.brand.values()], approvedBrandIds };
}

/** The same filters give the same count whoever asks: the key of the count cache (shared with engine/). */
export function countKeyOf(pricing: PricingContext, filters: SearchInput) {
  const brandSlugs = wantedBrandSlugs(filters.brands, pricing.approvedBrandSlugs) ?? [];
  const term = filters.search?.trim();
  return JSON.stringify([term ?? '', [...filters.categories].sort(), brandSlugs, filters.brands.length > 0]);
}

/**
 * Every category's and brand's id by slug. Both lists are short and change only with the catalog, so
 * they are shared like the counts (COUNT_CACHE_MS) instead of read on every search.
 */
function referenceIds(db: Db) {
  return cached(db, 'reference', '', async () => {
    const rows = await unionAll(
      db.select({ kind: sql<string>`'c'`, slug: categories.slug, id: categories.id }).from(categories),
      db.select({ kind: sql<string>`'b'`, slug: brands.slug, id: brands.id }).from(brands),
    );
    const category = new Map<string, string>();
    const brand = new Map<string, string>();
    for (const row of rows) (row.kind === 'c' ? category : brand).set(row.slug, row.id);
    return { category, brand };
  });
}
