import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ANONYMOUS_PRICING, priceFor, type SearchProductsResponse } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { testClient } from '../../../test/client.ts';
import { users } from '../users/schema.ts';
import { businessPartnerApprovedBrands, businessPartners } from '../business-partners/schema.ts';
import { brands, productPrices, products } from './schema.ts';
import { priceSplitSql } from './pricing-sql.ts';
import { clearSearchCounts, FEW_MATCHES, pricingForUser } from './search.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DEMO_EMAILS = [
  'installer@demo.test',
  'purchaser@demo.test',
  'owner@demo.test',
  'accountant@demo.test',
  'retired@demo.test',
  'insiderep@demo.test',
  'outsiderep@demo.test',
  'admin@demo.test',
  'consumer@demo.test',
  'totp@demo.test',
  'sms@demo.test',
];

async function pricingOf(email: string) {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return pricingForUser(t.db, user!.id);
}

async function search(email: string | null, body: object) {
  const c = testClient(t.app);
  if (email) await c.signIn(email);
  return async (extra: object = {}) =>
    (await c.call('POST', '/api/search-products', { ...body, ...extra })).json() as SearchProductsResponse;
}

/** Every page of a search, following the end cursors. */
async function allPages(next: (extra?: object) => Promise<SearchProductsResponse>) {
  const pages: SearchProductsResponse[] = [];
  for (let cursor: string | null = null; ;) {
    const page: SearchProductsResponse = await next(cursor ? { cursor } : {});
    pages.push(page);
    if (page.results.length === 0 || !page.endCursor || pages.length > 100) return pages;
    cursor = page.endCursor;
  }
}

describe('the price split behind index-served price sorts (spec 01 §6)', () => {
  it.each(['anonymous', ...DEMO_EMAILS])(
    'puts every demo product on exactly one side, at the price priceFor gives: %s',
    async (who) => {
      const { pricing, channelSlug } =
        who === 'anonymous' ? { pricing: ANONYMOUS_PRICING, channelSlug: 'msrp' } : await pricingOf(who);
      const approvedIds = pricing.approvedBrandSlugs.length
        ? (await t.db.select({ id: brands.id, slug: brands.slug }).from(brands))
            .filter((b) => pricing.approvedBrandSlugs.includes(b.slug))
            .map((b) => b.id)
        : [];
      const split = priceSplitSql(pricing, approvedIds);
      const rows = await t.db
        .select({
          brandSlug: brands.slug,
          msrpCents: products.msrpCents,
          discountedCents: productPrices.discountedCents,
          discounted: split.discounted ? sql<boolean>`coalesce(${split.discounted}, false)` : sql<boolean>`false`,
          msrp: split.msrp ? sql<boolean>`coalesce(${split.msrp}, false)` : sql<boolean>`false`,
        })
        .from(products)
        .innerJoin(brands, eq(brands.id, products.brandId))
        .innerJoin(
          productPrices,
          and(eq(productPrices.productId, products.id), eq(productPrices.channelSlug, channelSlug)),
        );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.discounted !== row.msrp, JSON.stringify(row)).toBe(true);
        const expected = priceFor(row, pricing);
        expect(row.discounted ? row.discountedCents : row.msrpCents).toBe(expected.cents);
      }
    },
  );

  it.each([
    ['price-asc', 'installer@demo.test'],
    ['price-desc', 'retired@demo.test'],
    ['price-asc', 'insiderep@demo.test'],
    ['price-desc', null],
    ['name-asc', 'installer@demo.test'],
  ] as const)('walks the whole catalog %s for %s: every product once, in order', async (sort, email) => {
    const pages = await allPages(await search(email, { limit: 100, filters: { sort } }));
    const results = pages.flatMap((p) => p.results);
    expect(new Set(results.map((p) => p.id)).size).toBe(pages[0]!.totalCount);
    expect(results).toHaveLength(pages[0]!.totalCount);
    const keys = results.map((p) => (sort.startsWith('price') ? p.price.cents : p.name.toLowerCase()));
    const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(keys).toEqual(sort.endsWith('desc') ? sorted.reverse() : sorted);
  });

  it('pages a term with many matches and one with few alike (index walk or sort after finding)', async () => {
    for (const term of ['remote start', 'shok sensor']) {
      const next = await search('installer@demo.test', { limit: 20, filters: { sort: 'price-asc', search: term } });
      const pages = await allPages(next);
      const results = pages.flatMap((p) => p.results);
      expect(results).toHaveLength(pages[0]!.totalCount);
      expect(new Set(results.map((p) => p.id)).size).toBe(results.length);
      const cents = results.map((p) => p.price.cents);
      expect(cents).toEqual([...cents].sort((a, b) => a - b));
    }
    const few = (await (await search(null, { filters: { search: 'shok sensor' } }))()).totalCount;
    expect(few).toBeLessThanOrEqual(FEW_MATCHES);
  });
});

describe('what is read fresh and what is cached', () => {
  it('prices follow a change of approved brands at once (the pricing context is never cached)', async () => {
    const installer = await search('installer@demo.test', {
      limit: 100,
      filters: { sort: 'name-asc', brands: ['sentinel', 'northwind', 'voltline'] },
    });
    const before = await installer();
    const [bp] = await t.db
      .select({ id: businessPartners.id })
      .from(businessPartners)
      .where(eq(businessPartners.sapBpCode, 'C100234'));
    const [sentinel] = await t.db.select({ id: brands.id }).from(brands).where(eq(brands.slug, 'sentinel'));
    await t.db.insert(businessPartnerApprovedBrands).values({ businessPartnerId: bp!.id, brandId: sentinel!.id });
    await t.db
      .delete(businessPartnerApprovedBrands)
      .where(
        and(
          eq(businessPartnerApprovedBrands.businessPartnerId, bp!.id),
          sql`${businessPartnerApprovedBrands.brandId} = (select id from brands where slug = 'northwind')`,
        ),
      );
    const after = await installer();
    for (const [i, product] of after.results.entries()) {
      expect(product.id).toBe(before.results[i]!.id);
      if (product.msrpCents === null) continue;
      if (product.brand.slug === 'sentinel') expect(product.price.kind).toBe('discounted');
      else if (product.brand.slug === 'northwind') expect(product.price.kind).toBe('msrp');
      else expect(product.price).toEqual(before.results[i]!.price);
    }
    expect(after.results.some((p) => p.brand.slug === 'sentinel' && p.msrpCents !== null)).toBe(true);
    const approvedOnly = await installer({ filters: { sort: 'name-asc', brands: ['approved-brands'] } });
    const named = await installer({ filters: { sort: 'name-asc', brands: ['sentinel', 'arcticstart', 'drivelink'] } });
    expect(approvedOnly.totalCount).toBe(named.totalCount);
    expect(approvedOnly.results).toEqual(named.results);
  });

  it('reuses a count for the same filters for a short time; other filters count afresh', async () => {
    const anonymous = await search(null, { filters: { categories: ['security'] } });
    const before = (await anonymous()).totalCount;
    const [template] = await t.db
      .select()
      .from(products)
      .innerJoin(productPrices, eq(productPrices.productId, products.id))
      .where(sql`${products.categoryId} = (select id from categories where slug = 'security')`)
      .limit(1);
    const [copy] = await t.db
      .insert(products)
      .values({
        ...Object.fromEntries(
          Object.entries(template!.products).filter(([key]) => !['id', 'search', 'createdAt'].includes(key)),
        ),
        sku: 'SN-SC-Z9999',
      } as typeof products.$inferInsert)
      .returning({ id: products.id });
    await t.db.insert(productPrices).values(
      ['msrp', 'dealer', 'distributor', 'national-account'].map((channelSlug) => ({
        productId: copy!.id,
        channelSlug,
        discountedCents: 1000,
      })),
    );
    // Within COUNT_CACHE_MS the pager keeps the count it showed; a different filter set counts now.
    expect((await anonymous()).totalCount).toBe(before);
    const both = await anonymous({ filters: { categories: ['security', 'accessories'] } });
    expect(both.totalCount).toBeGreaterThan(before);
    clearSearchCounts(t.db);
    expect((await anonymous()).totalCount).toBe(before + 1);
  });
});
