import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { endpoints, ANONYMOUS_PRICING, priceFor, type SearchProductsResponse } from '@portal/contracts';
import { createTestApp, writeUnnoticed, type TestContext } from '../../../test/helpers.ts';
import { testClient } from '../../../test/client.ts';
import { users } from '../users/schema.ts';
import { businessPartnerApprovedBrands, businessPartners } from '../business-partners/schema.ts';
import { brands, productPrices, products } from './schema.ts';
import { priceWalks, pricingOf as pricingOfActor } from './repo/pricing.ts';
import { clearSearchCounts } from './search-cache.ts';
import { FEW_MATCHES, searchQueries, WALK_CAP } from './repo/search-queries.ts';
import { readActor } from '../acting/index.ts';

let t: TestContext;
beforeAll(async () => {
  // The database's own search (walks, plans, its caches): the embedded index has its tests (engine/).
  t = await createTestApp({ SEARCH_INDEX: 'postgres' });
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

async function pricingOfEmail(email: string) {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return pricingOfActor(await readActor(t.db, user!.id, 'test'));
}

async function search(email: string | null, body: object) {
  const c = testClient(t.app);
  if (email) await c.signIn(email);
  return async (extra: object = {}) =>
    (await c.call(endpoints.catalog.searchProducts, { body: { ...body, ...extra } })).json() as SearchProductsResponse;
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

describe('the price walks behind index-served price sorts (spec 01 §6)', () => {
  it.each(['anonymous', ...DEMO_EMAILS])(
    'prices every demo product as priceFor does, by the walked column of its brand: %s',
    async (who) => {
      const { pricing, channelSlug } =
        who === 'anonymous' ? { pricing: ANONYMOUS_PRICING, channelSlug: 'msrp' } : await pricingOfEmail(who);
      const allBrands = await t.db.select({ id: brands.id, slug: brands.slug }).from(brands);
      const approvedIds = allBrands.filter((b) => pricing.approvedBrandSlugs.includes(b.slug)).map((b) => b.id);
      const walks = priceWalks(
        pricing,
        allBrands.map((b) => b.id),
        approvedIds,
      );
      expect(new Set([...walks.discounted, ...walks.list]).size).toBe(allBrands.length);
      expect(walks.discounted.length + walks.list.length).toBe(allBrands.length);
      const rows = await t.db
        .select({
          brandId: products.brandId,
          brandSlug: brands.slug,
          msrpCents: products.msrpCents,
          discountedCents: productPrices.discountedCents,
          listCents: productPrices.listCents,
        })
        .from(products)
        .innerJoin(brands, eq(brands.id, products.brandId))
        .innerJoin(
          productPrices,
          and(eq(productPrices.productId, products.id), eq(productPrices.channelSlug, channelSlug)),
        );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const { cents } = priceFor(row, pricing);
        const walked = walks.discounted.includes(row.brandId) ? row.discountedCents : row.listCents;
        expect(walked, JSON.stringify(row)).toBe(cents);
      }
    },
  );

  it('keeps the brand, category and list price of every price row, whatever changes the product', async () => {
    const stale = await t.db.execute(sql`select count(*)::int as n from product_prices pp join products p
      on p.id = pp.product_id where pp.brand_id is distinct from p.brand_id
      or pp.category_id is distinct from p.category_id
      or pp.list_cents is distinct from coalesce(p.msrp_cents, pp.discounted_cents)`);
    expect((stale as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    const [product] = await t.db
      .select({ id: products.id, msrpCents: products.msrpCents, brandId: products.brandId })
      .from(products)
      .where(sql`${products.msrpCents} is not null`)
      .limit(1);
    const [other] = await t.db
      .select({ id: brands.id })
      .from(brands)
      .where(sql`${brands.id} <> ${product!.brandId}`);
    const rowsOf = () =>
      t.db
        .select({
          brandId: productPrices.brandId,
          listCents: productPrices.listCents,
          discountedCents: productPrices.discountedCents,
        })
        .from(productPrices)
        .where(eq(productPrices.productId, product!.id));
    await t.db.update(products).set({ msrpCents: null, brandId: other!.id }).where(eq(products.id, product!.id));
    for (const row of await rowsOf())
      expect(row).toEqual({ ...row, brandId: other!.id, listCents: row.discountedCents });
    await t.db
      .update(products)
      .set({ msrpCents: product!.msrpCents, brandId: product!.brandId })
      .where(eq(products.id, product!.id));
    await t.db
      .update(productPrices)
      .set({ discountedCents: sql`${productPrices.discountedCents} + 1` })
      .where(eq(productPrices.productId, product!.id));
    for (const row of await rowsOf())
      expect(row).toEqual({ ...row, brandId: product!.brandId, listCents: product!.msrpCents });
  });

  it.each([
    ['installer@demo.test', 'price-desc', { categories: ['remote-start', 'security'] }],
    ['installer@demo.test', 'price-asc', { brands: ['approved-brands'] }],
    ['retired@demo.test', 'price-asc', { categories: ['security'], brands: ['northwind', 'sentinel'] }],
    ['insiderep@demo.test', 'price-desc', { search: 'remote start' }],
    ['owner@demo.test', 'price-asc', { search: 'sensor', categories: ['security'] }],
    [null, 'price-desc', { brands: ['sentinel', 'voltline'] }],
    ['installer@demo.test', 'name-asc', { categories: ['security'] }],
    ['installer@demo.test', 'price-asc', { search: 'remote start' }],
    ['retired@demo.test', 'price-desc', { search: 'camera' }],
    [null, 'name-desc', { search: 'harness' }],
    // Name walks one brand at a time (several, repeated, with a category, approved only).
    [null, 'name-asc', { brands: ['sentinel', 'voltline', 'northwind'] }],
    ['retired@demo.test', 'name-desc', { categories: ['security'], brands: ['sentinel', 'sentinel'] }],
    ['installer@demo.test', 'name-asc', { brands: ['approved-brands'] }],
    [null, 'name-desc', { brands: ['voltline'] }],
  ] as const)('a walked page equals the sorted page, page after page: %s %s %j', async (email, sort, filters) => {
    const { pricing, channelSlug } = email
      ? await pricingOfEmail(email)
      : { pricing: ANONYMOUS_PRICING, channelSlug: 'msrp' };
    const input = { sort, categories: [], brands: [], ...filters };
    let walkedCursor: string | undefined;
    let pages = 0;
    const seen = new Set<string>();
    for (;;) {
      const queries = await searchQueries(
        t.db,
        { pricing, channelSlug },
        {
          limit: 7,
          cursor: walkedCursor,
          filters: { ...input, categories: [...input.categories], brands: [...input.brands] },
        },
      );
      const [{ n }] = (await queries.count) as [{ n: number }];
      expect(n).toBeGreaterThan(0);
      const walked = await queries.read('walk');
      const sorted = await queries.read('sort');
      expect(walked.map((r) => r.id)).toEqual(sorted.map((r) => r.id));
      // The server's walk gives up after `cap` rows and sorts instead: the same page, capped or not.
      for (const cap of [3, 40, WALK_CAP]) {
        const capped = await queries.pageRows(Number.MAX_SAFE_INTEGER, cap);
        expect(capped.map((r) => r.id)).toEqual(sorted.map((r) => r.id));
        expect(capped[0] && Object.keys(capped[0]).sort()).toEqual(sorted[0] && Object.keys(sorted[0]).sort());
      }
      for (const row of walked) seen.add(row.id);
      if (walked.length < 7) {
        expect(seen.size).toBe(n);
        break;
      }
      const last = walked.at(-1)!;
      walkedCursor = Buffer.from(
        JSON.stringify({ v: queries.byPrice ? Number(last.key) : String(last.key), id: last.id }),
      ).toString('base64url');
      if (++pages > 400) throw new Error('too many pages');
    }
  });

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
  it('prices follow a change of approved brands at once (the database tells the pricing cache)', async () => {
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
    await t.noticed();
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

  it('reuses a count for the same filters until the catalog changes; other filters count afresh', async () => {
    const anonymous = await search(null, { filters: { categories: ['security'] } });
    const before = (await anonymous()).totalCount;
    const [template] = await t.db
      .select()
      .from(products)
      .where(sql`${products.categoryId} = (select id from categories where slug = 'security')`)
      .limit(1);
    const copyOf = (sku: string) =>
      ({
        ...Object.fromEntries(
          Object.entries(template!).filter(([key]) => !['id', 'search', 'createdAt'].includes(key)),
        ),
        sku,
      }) as typeof products.$inferInsert;
    // A write that sends no change notice (triggers off for its transaction): the count is reused.
    await writeUnnoticed(t.db, (tx) => tx.insert(products).values(copyOf('SN-SC-Z9998')));
    await t.noticed();
    expect((await anonymous()).totalCount).toBe(before);
    const both = await anonymous({ filters: { categories: ['security', 'accessories'] } });
    expect(both.totalCount).toBeGreaterThan(before);
    clearSearchCounts(t.db);
    expect((await anonymous()).totalCount).toBe(before + 1);
    // An ordinary write is noticed: the count is read afresh at once.
    await t.db.insert(products).values(copyOf('SN-SC-Z9999'));
    await t.noticed();
    expect((await anonymous()).totalCount).toBe(before + 2);
  });
});
