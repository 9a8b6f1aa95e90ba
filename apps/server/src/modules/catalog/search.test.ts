import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints, APPROVED_BRANDS_VALUE, type BodyOf, type SearchProductsResponse } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, testClient } from '../../../test/client.ts';
import { DEMO_PRODUCT_COUNT } from '../../seed/demo.ts';
import { brands, productPrices, products } from './schema.ts';
import { INVALID_CURSOR } from './cursors.ts';
import { searchEngineOf } from './engine/index.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  // Read by the embedded index (issue 33), as by default; search-index.test.ts proves it answers as the database.
  await searchEngineOf(t.db)!.ready();
});
afterAll(() => t.close());

/** A search as `email` (signed in by the one sign-in helper), or as a visitor. */
async function as(email?: string) {
  const c = await signedInAs(t.app, email ?? null);
  return async (body: object = {}) => {
    const res = await c.call(endpoints.catalog.searchProducts, { body });
    return { status: res.statusCode, body: res.json() as SearchProductsResponse & { detail?: string } };
  };
}

/** What a product costs each channel, straight from the tables. */
async function pricesOf(sku: string) {
  const rows = await t.db
    .select({
      channel: productPrices.channelSlug,
      cents: productPrices.discountedCents,
      msrp: products.msrpCents,
      brand: brands.slug,
    })
    .from(products)
    .innerJoin(productPrices, eq(productPrices.productId, products.id))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.sku, sku));
  return { msrp: rows[0]!.msrp, brand: rows[0]!.brand, dealer: rows.find((r) => r.channel === 'dealer')!.cents };
}

describe('POST /api/search-products (spec 01 §2.5, §7)', () => {
  it('pages the whole catalog, 8 by default, price high to low, with cursors that continue', async () => {
    const search = await as();
    const first = await search();
    expect(first.status).toBe(200);
    expect(first.body.totalCount).toBe(DEMO_PRODUCT_COUNT);
    expect(first.body.results).toHaveLength(8);
    const second = await search({ cursor: first.body.endCursor });
    const all = [...first.body.results, ...second.body.results];
    expect(new Set(all.map((p) => p.id)).size).toBe(16);
    const cents = all.map((p) => p.price.cents);
    expect(cents).toEqual([...cents].sort((a, b) => b - a));
    expect(first.body.accountInformation).toBeNull();
  });

  it.each([
    ['price-asc', (a: number, b: number) => a - b],
    ['price-desc', (a: number, b: number) => b - a],
  ] as const)('sorts by %s across pages', async (sort, order) => {
    const search = await as('installer@demo.test');
    const first = await search({ limit: 40, filters: { sort } });
    const second = await search({ limit: 40, filters: { sort }, cursor: first.body.endCursor });
    const cents = [...first.body.results, ...second.body.results].map((p) => p.price.cents);
    expect(cents).toEqual([...cents].sort(order));
  });

  it('sorts by name both ways', async () => {
    const search = await as();
    const names = (await search({ limit: 20, filters: { sort: 'name-asc' } })).body.results.map((p) =>
      p.name.toLowerCase(),
    );
    expect(names).toEqual([...names].sort());
    const reversed = (await search({ limit: 20, filters: { sort: 'name-desc' } })).body.results.map((p) =>
      p.name.toLowerCase(),
    );
    expect(reversed).toEqual([...reversed].sort().reverse());
  });

  it('prices for the session: the dealer price on approved brands, list price otherwise, list price for the retired', async () => {
    const installer = await as('installer@demo.test');
    const page = (await installer({ limit: 100 })).body;
    expect(page.accountInformation).toEqual({
      sapBpCode: 'C100234',
      companyName: 'Northside Auto Sound',
      channel: 'dealer',
    });
    for (const product of page.results.slice(0, 30)) {
      const truth = await pricesOf(product.sku);
      const approved = ['northwind', 'arcticstart', 'drivelink'].includes(truth.brand);
      expect(product.price.cents).toBe(approved || truth.msrp === null ? truth.dealer : truth.msrp);
    }
    const retired = (await (await as('retired@demo.test'))({ limit: 100 })).body;
    for (const product of retired.results.filter((p) => p.msrpCents !== null))
      expect(product.price.cents).toBe(product.msrpCents);
    const rep = (await (await as('insiderep@demo.test'))({ limit: 20 })).body;
    for (const product of rep.results) expect(product.price.cents).toBe((await pricesOf(product.sku)).dealer);
  });

  it('ignores a business code sent by the browser', async () => {
    const installer = await as('installer@demo.test');
    const own = (await installer({ limit: 20 })).body.results;
    const spoofed = (await installer({ limit: 20, sapBpCode: 'C100310' })).body;
    expect(spoofed.results).toEqual(own);
    expect(spoofed.accountInformation?.sapBpCode).toBe('C100234');
  });

  it('finds a product by its SKU, by its short code, and despite typos', async () => {
    const [product] = await t.db.select().from(products).limit(1);
    const search = await as();
    expect((await search({ filters: { search: product!.sku } })).body.results.map((p) => p.sku)).toContain(
      product!.sku,
    );
    const short = product!.sku.split('-').at(-1)!;
    expect((await search({ limit: 100, filters: { search: short } })).body.results.map((p) => p.sku)).toContain(
      product!.sku,
    );
    for (const [typo, expected] of [
      ['remte start', /remote start/i],
      ['shok sensor', /shock sensor/i],
      ['bypas modul', /bypass module/i],
    ] as const) {
      const found = (await search({ limit: 20, filters: { search: typo } })).body;
      expect(found.totalCount, typo).toBeGreaterThan(0);
      expect(
        found.results.some((p) => expected.test(p.name)),
        typo,
      ).toBe(true);
    }
  });

  it('filters by category and brand, and by "approved brands only"', async () => {
    const search = await as('installer@demo.test');
    const dash = (await search({ limit: 100, filters: { categories: ['dash-cameras'] } })).body;
    expect(dash.totalCount).toBeGreaterThan(0);
    expect(new Set(dash.results.map((p) => p.category.slug))).toEqual(new Set(['dash-cameras']));
    const approved = (await search({ limit: 100, filters: { brands: [APPROVED_BRANDS_VALUE] } })).body;
    expect(new Set(approved.results.map((p) => p.brand.slug))).toEqual(
      new Set(['northwind', 'arcticstart', 'drivelink']),
    );
    const both = (await search({ limit: 100, filters: { brands: ['sentinel'], categories: ['security'] } })).body;
    expect(both.results.every((p) => p.brand.slug === 'sentinel' && p.category.slug === 'security')).toBe(true);
    // With chosen brands, "approved only" keeps those that are approved (spec 01 §6 brand browsing).
    const northwind = (await search({ limit: 100, filters: { brands: ['northwind', APPROVED_BRANDS_VALUE] } })).body;
    expect(northwind.totalCount).toBeGreaterThan(0);
    expect(new Set(northwind.results.map((p) => p.brand.slug))).toEqual(new Set(['northwind']));
    const notApproved = (await search({ filters: { brands: ['sentinel', APPROVED_BRANDS_VALUE] } })).body;
    expect(notApproved.totalCount).toBe(0);
    const anonymousApproved = (await (await as())({ filters: { brands: [APPROVED_BRANDS_VALUE] } })).body;
    expect(anonymousApproved.totalCount).toBe(0);
  });

  it.each([
    [{ limit: 7 }, 'limit'],
    [{ filters: { sort: 'cheapest' } }, 'filters.sort'],
    [{ filters: { categories: 'security' } }, 'filters.categories'],
  ])('refuses bad input %j with a field error', async (body, field) => {
    const res = await (await as())(body);
    expect(res.status).toBe(400);
    expect((res.body as unknown as { validation: { field: string }[] }).validation.map((v) => v.field)).toContain(
      field,
    );
  });

  it('refuses a cursor it did not make', async () => {
    const search = await as();
    for (const cursor of ['garbage', Buffer.from('{"v":"x","id":"1"}').toString('base64url')]) {
      const res = await search({ cursor });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(INVALID_CURSOR);
    }
    const byName = (await search({ filters: { sort: 'name-asc' } })).body.endCursor;
    expect((await search({ cursor: byName })).status).toBe(400); // a name cursor on a price sort
  });
});

describe('the cursor endpoint, products by SKU and id, popular products (spec 01 §4, §7)', () => {
  it('gives the cursor before any page: the same as stepping there page by page', async () => {
    const c = testClient(t.app);
    const search = async (body: BodyOf<typeof endpoints.catalog.searchProducts>) =>
      (await c.call(endpoints.catalog.searchProducts, { body })).json();
    const cursor = async (body: BodyOf<typeof endpoints.catalog.searchCursor>) =>
      (await c.call(endpoints.catalog.searchCursor, { body })).json();
    const filters = { sort: 'name-asc' as const, categories: ['remote-start'] };
    const page1 = await search({ limit: 20, filters });
    const page2 = await search({ limit: 20, filters, cursor: page1.endCursor! });
    expect(await cursor({ limit: 20, page: 3, filters })).toEqual({ endCursor: page2.endCursor });
    expect(await cursor({ limit: 20, page: 1, filters })).toEqual({ endCursor: null });
    expect(await cursor({ limit: 20, page: 9999, filters })).toEqual({ endCursor: null });
  });

  it('finds one product by SKU (any case) with its details; an unknown SKU is Not Found', async () => {
    const [product] = await t.db.select().from(products).limit(1);
    const c = testClient(t.app);
    const res = await c.call(endpoints.catalog.productBySku, { params: { sku: product!.sku.toLowerCase() } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      sku: product!.sku,
      description: product!.description,
      images: product!.images,
      relatedSkus: product!.relatedSkus,
      caseQty: product!.caseQty,
    });
    const missing = await c.call(endpoints.catalog.productBySku, { params: { sku: 'NW-RS-X0000' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not Found' });
  });

  it('lists products by id in the order asked; condensed lists carry only the essentials', async () => {
    const rows = await t.db.select({ id: products.id }).from(products).limit(3);
    const ids = [rows[2]!.id, rows[0]!.id, '00000000-0000-4000-8000-000000000000', rows[1]!.id];
    const c = testClient(t.app);
    const full = (await c.call(endpoints.catalog.productsByIds, { body: { ids } })).json() as {
      results: { id: string }[];
    };
    expect(full.results.map((p) => p.id)).toEqual([rows[2]!.id, rows[0]!.id, rows[1]!.id]);
    const condensed = (await c.call(endpoints.catalog.condensedProductsByIds, { body: { ids } })).json() as {
      results: object[];
    };
    // The essentials, under the portal's names and the spec's (issue 15 §7).
    expect(Object.keys(condensed.results[0]!).sort()).toEqual([
      'defaultVariant',
      'id',
      'image',
      'name',
      'price',
      'pricing',
      'product_name',
      'sku',
    ]);
    expect((await c.call(endpoints.catalog.productsByIds, { body: { ids: ['nope'] } })).statusCode).toBe(400);
    expect((await c.call(endpoints.catalog.productsByIds, { body: { ids: [] } })).statusCode).toBe(400);
  });

  it('popular products are the best sellers still available', async () => {
    const c = testClient(t.app);
    const { results } = (await c.call(endpoints.catalog.popularProducts)).json() as {
      results: { sku: string; isAvailable: boolean }[];
    };
    expect(results).toHaveLength(8);
    const popularity = await Promise.all(
      results.map(async (r) => (await t.db.select().from(products).where(eq(products.sku, r.sku)))[0]!.popularity),
    );
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    expect(results.every((r) => r.isAvailable)).toBe(true);
  });
});
