import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ANONYMOUS_PRICING, CATEGORY_NAMES, endpoints, priceFor, type PricingContext } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { call } from '../../../test/client.ts';
import { DEMO_PRODUCT_COUNT } from '../../seed/demo.ts';
import { brands, categories, productPrices, products } from './schema.ts';
import { priceCentsSql } from './repo/pricing.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo catalog (DEMO-DATA.md)', () => {
  it(`has ${DEMO_PRODUCT_COUNT} products in every category and brand, each priced in every channel`, async () => {
    expect(await t.db.$count(products)).toBe(DEMO_PRODUCT_COUNT);
    const perCategory = await t.db
      .select({ name: categories.name, n: sql<number>`count(*)::int` })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .groupBy(categories.name);
    expect(perCategory.map((c) => c.name).sort()).toEqual([...CATEGORY_NAMES].sort());
    const brandCount = await t.db.select({ n: sql<number>`count(distinct ${products.brandId})::int` }).from(products);
    expect(brandCount[0]!.n).toBeGreaterThanOrEqual(12);
    expect(await t.db.$count(productPrices)).toBe(DEMO_PRODUCT_COUNT * 4);
  });

  it('prices make sense: list price in the msrp channel, dealers pay less', async () => {
    const rows = await t.db
      .select({ msrp: products.msrpCents, channel: productPrices.channelSlug, price: productPrices.discountedCents })
      .from(products)
      .innerJoin(productPrices, eq(productPrices.productId, products.id));
    for (const row of rows.filter((r) => r.msrp !== null)) {
      if (row.channel === 'msrp') expect(row.price).toBe(row.msrp);
      else expect(row.price).toBeLessThan(row.msrp!);
    }
    expect(rows.some((r) => r.msrp === null)).toBe(true); // some products have no list price
  });

  it('SKUs end in a short code; related SKUs exist; case quantity matches the metadata', async () => {
    const rows = await t.db.select().from(products);
    const skus = new Set(rows.map((r) => r.sku));
    for (const row of rows.slice(0, 300)) {
      expect(row.sku).toMatch(/^[A-Z]{2}-[A-Z]{2,3}-[A-Z]\d{3,4}$/);
      for (const related of row.relatedSkus) expect(skus.has(related)).toBe(true);
      expect(row.metadata.find((m) => m.key === 'manufacture_case_qty')?.value).toBe(String(row.caseQty));
      expect(row.images.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('serves generated product pictures; unknown SKUs are not found', async () => {
    const [product] = await t.db.select().from(products).limit(1);
    const res = await t.app.inject(product!.images[0]!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.body).toContain(product!.sku);
    const picture = (sku: string) => call(t.app, endpoints.catalog.productImage, { params: { sku, file: '1.svg' } });
    expect((await picture('NW-RS-X0000')).statusCode).toBe(404);
    expect((await picture('<script>')).statusCode).toBe(400);
  });
});

describe('the price rule and its SQL twin agree (spec 01 §6)', () => {
  const base = { signedIn: true, isRetired: false, isSalesRep: false, hasSelectedBusiness: false };
  const northside = ['northwind', 'arcticstart', 'drivelink'];
  const roles: Record<string, PricingContext> = {
    anonymous: ANONYMOUS_PRICING,
    installer: { ...base, hasSelectedBusiness: true, approvedBrandSlugs: northside },
    retired: { ...base, isRetired: true, hasSelectedBusiness: true, approvedBrandSlugs: northside },
    repWithoutBusiness: { ...base, isSalesRep: true, approvedBrandSlugs: [] },
    repWithNorthside: { ...base, isSalesRep: true, hasSelectedBusiness: true, approvedBrandSlugs: northside },
    consumer: { ...base, hasSelectedBusiness: true, approvedBrandSlugs: [] },
  };

  it.each(Object.keys(roles))('for %s, on every demo product', async (role) => {
    const ctx = roles[role]!;
    const rows = await t.db
      .select({
        brandSlug: brands.slug,
        msrpCents: products.msrpCents,
        discountedCents: productPrices.discountedCents,
        sqlPrice: priceCentsSql(ctx),
      })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .innerJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.channelSlug, 'dealer')));
    expect(rows).toHaveLength(DEMO_PRODUCT_COUNT);
    const mismatches = rows.filter((row) => Number(row.sqlPrice) !== priceFor(row, ctx).cents);
    expect(mismatches).toEqual([]);
  });
});
