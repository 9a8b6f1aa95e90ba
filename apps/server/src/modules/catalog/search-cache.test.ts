import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpoints, type SearchProductsResponse } from '@portal/contracts';
import { createTestApp, writeUnnoticed, type TestContext } from '../../../test/helpers.ts';
import type { Db } from '../../db/client.ts';
import { signedInAs, testClient, type TestClient } from '../../../test/client.ts';
import { partnerByCode } from '../../../test/builders.ts';
import { businessPartnerApprovedBrands } from '../business-partners/schema.ts';
import { brands, productPrices } from './schema.ts';

// The shared search pages (SEARCH_PAGE_CACHE_MS): what is shared, what is forgotten and when.

const NORTHWIND = { limit: 8, filters: { sort: 'price-asc', brands: ['northwind'], categories: [] } };

const searchAs = async (c: TestClient, body: object = NORTHWIND) =>
  (await c.call(endpoints.catalog.searchProducts, { body })).json() as SearchProductsResponse;

describe('with pages shared for a minute', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ SEARCH_PAGE_CACHE_MS: '60000' });
  });
  afterAll(() => t.close());

  it('orders every price sort by the asker’s own prices, whoever asked the same search first', async () => {
    const body = { limit: 20, filters: { sort: 'price-asc', brands: ['northwind', 'sentinel'], categories: [] } };
    const askers = [
      await signedInAs(t.app, 'owner@demo.test'),
      testClient(t.app),
      await signedInAs(t.app, 'insiderep@demo.test'),
      await signedInAs(t.app, 'retired@demo.test'),
    ];
    const orders: string[][] = [];
    for (const asker of askers) {
      const { results } = await searchAs(asker, body);
      const cents = results.map((p) => p.price.cents);
      expect(cents).toEqual([...cents].sort((a, b) => a - b));
      orders.push(results.map((p) => p.id));
    }
    // The dealer's order is not the visitor's: a page shared by mistake would show it.
    expect(orders[0]).not.toEqual(orders[1]);
  });

  it('never shares a page across pricing: approved brands, roles and business changes show at once', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const before = await searchAs(owner);
    expect(before.results.every((p) => p.price.kind === 'discounted')).toBe(true);

    // The dealer loses Northwind: the next search is priced by the list price.
    const northside = await partnerByCode(t.db, 'C100234');
    const [northwind] = await t.db.select({ id: brands.id }).from(brands).where(eq(brands.slug, 'northwind'));
    await t.db
      .delete(businessPartnerApprovedBrands)
      .where(
        and(
          eq(businessPartnerApprovedBrands.businessPartnerId, northside.id),
          eq(businessPartnerApprovedBrands.brandId, northwind!.id),
        ),
      );
    await t.noticed();
    const after = await searchAs(owner);
    expect(after.results.some((p) => p.price.kind === 'msrp')).toBe(true);
    await t.db
      .insert(businessPartnerApprovedBrands)
      .values({ businessPartnerId: northside.id, brandId: northwind!.id });
    await t.noticed();
    expect(await searchAs(owner)).toEqual(before);

    // A visitor asking the same thing gets list prices, not the dealer's shared page.
    const visitor = await searchAs(testClient(t.app));
    expect(visitor.accountInformation).toBeNull();
    expect(visitor.results.some((p) => p.price.kind === 'msrp')).toBe(true);

    // A rep's selection changes the prices of the very next search.
    const rep = await signedInAs(t.app, 'insiderep@demo.test');
    const bare = await searchAs(rep, { ...NORTHWIND, filters: { ...NORTHWIND.filters, brands: ['sentinel'] } });
    expect(bare.results.every((p) => p.price.kind === 'discounted')).toBe(true);
    await rep.call(endpoints.session.selectBusiness, { body: { sapBpCode: 'C100234' } });
    const acting = await searchAs(rep, { ...NORTHWIND, filters: { ...NORTHWIND.filters, brands: ['sentinel'] } });
    expect(acting.accountInformation?.sapBpCode).toBe('C100234');
    expect(acting.results.some((p) => p.price.kind === 'msrp')).toBe(true);
  });
});

describe('catalog edits', () => {
  /** Lowers the dealer price of the owner's cheapest Northwind product by a cent; answers it. */
  async function lowerFirstPrice(t: TestContext, owner: TestClient, { notice = true } = {}) {
    const first = (await searchAs(owner)).results[0]!;
    const lower = (db: Db) =>
      db
        .update(productPrices)
        .set({ discountedCents: first.price.cents - 1 })
        .where(and(eq(productPrices.productId, first.id), eq(productPrices.channelSlug, 'dealer')));
    await (notice ? lower(t.db) : writeUnnoticed(t.db, lower));
    await t.noticed();
    return { old: first, lowered: { id: first.id, price: { cents: first.price.cents - 1 } } };
  }

  it('show at once: the database tells the server of the change', async () => {
    const t = await createTestApp();
    try {
      const owner = await signedInAs(t.app, 'owner@demo.test');
      const { lowered } = await lowerFirstPrice(t, owner);
      expect((await searchAs(owner)).results[0]).toMatchObject(lowered);
    } finally {
      await t.close();
    }
  });

  it('that send no notice show once a shared page is SEARCH_PAGE_CACHE_MS old', async () => {
    // The database's page cache (the embedded index is rebuilt after SEARCH_INDEX_MAX_AGE_MS instead: engine/).
    const t = await createTestApp({ SEARCH_PAGE_CACHE_MS: '300', SEARCH_INDEX: 'postgres' });
    try {
      const owner = await signedInAs(t.app, 'owner@demo.test');
      const { old, lowered } = await lowerFirstPrice(t, owner, { notice: false });
      expect((await searchAs(owner)).results[0]).toEqual(old);
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect((await searchAs(owner)).results[0]).toMatchObject(lowered);
    } finally {
      await t.close();
    }
  });

  it('show at once with the page cache off (SEARCH_PAGE_CACHE_MS=0)', async () => {
    const t = await createTestApp({ SEARCH_PAGE_CACHE_MS: '0', SEARCH_INDEX: 'postgres' });
    try {
      const owner = await signedInAs(t.app, 'owner@demo.test');
      const { lowered } = await lowerFirstPrice(t, owner, { notice: false });
      expect((await searchAs(owner)).results[0]).toMatchObject(lowered);
    } finally {
      await t.close();
    }
  });
});
