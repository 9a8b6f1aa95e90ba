import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpoints, type DiscountedProductsResponse, type QueryOf } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, testClient, unchecked } from '../../../test/client.ts';
import { productPrices, products } from '../catalog/schema.ts';
import { coupons, promotions } from './schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/get-coupons', () => {
  it('lists running codes; account-only codes need a session; ended codes never show', async () => {
    const visitor = testClient(t.app);
    const anonymous = (await visitor.call(endpoints.deals.coupons)).json() as { results: { code: string }[] };
    expect(anonymous.results.map((c) => c.code).sort()).toEqual(['TOOLS15', 'WINTER10']);

    const owner = await signedInAs(t.app, 'owner@demo.test');
    const res = await owner.call(endpoints.deals.coupons);
    expect(res.statusCode).toBe(200);
    const codes = (res.json() as { results: { code: string; brand: unknown; minSubtotalCents: number | null }[] })
      .results;
    expect(codes.map((c) => c.code).sort()).toEqual(['BULK50', 'TOOLS15', 'WINTER10']);
    expect(codes.find((c) => c.code === 'WINTER10')!.brand).toEqual({ name: 'ArcticStart', slug: 'arcticstart' });
    expect(codes.find((c) => c.code === 'BULK50')!.minSubtotalCents).toBe(100_000);
  });

  it('follows the clock: a coupon past its end disappears', async () => {
    const past = new Date(Date.now() - 1000);
    await t.db.update(coupons).set({ endsAt: past }).where(eq(coupons.code, 'TOOLS15'));
    const codes = ((await testClient(t.app).call(endpoints.deals.coupons)).json() as { results: { code: string }[] })
      .results;
    expect(codes.map((c) => c.code)).toEqual(['WINTER10']);
    await t.db
      .update(coupons)
      .set({ endsAt: new Date(Date.now() + 86_400_000) })
      .where(eq(coupons.code, 'TOOLS15'));
  });
});

describe('GET /api/get-discounted-products', () => {
  const get = async (email?: string, query?: QueryOf<typeof endpoints.deals.discountedProducts>) => {
    const res = await (await signedInAs(t.app, email ?? null)).call(endpoints.deals.discountedProducts, { query });
    return { status: res.statusCode, body: res.json() as DiscountedProductsResponse & { validation?: unknown } };
  };

  it('answers the running promotions and their products, each once, never ended or future ones', async () => {
    const { status, body } = await get();
    expect(status).toBe(200);
    expect(body.promotions.map((p) => p.slug)).toEqual(['winter-remote-start', 'install-bay-essentials']);
    expect(body.results.length).toBe(24);
    expect(new Set(body.results.map((p) => p.id)).size).toBe(24);
    expect(body.results[0]!.deal.badge).toBe('Winter Deal');
    expect(body.results.at(-1)!.deal.badge).toBe('Bay Deal');
    for (const p of body.results) expect(['Winter Deal', 'Bay Deal']).toContain(p.deal.badge);
  });

  it('filters by promotion and limits', async () => {
    const { body } = await get(undefined, { promotion: 'install-bay-essentials', limit: 5 });
    expect(body.results).toHaveLength(5);
    expect(body.results.every((p) => p.deal.promotion === 'Install Bay Essentials')).toBe(true);
    const ended = await get(undefined, { promotion: 'summer-dash-cam' });
    expect(ended.body.results).toEqual([]);
  });

  it('prices by the session: list price for a visitor, the dealer price on approved brands for the owner', async () => {
    const visitor = (await get()).body.results;
    const owner = (await get('owner@demo.test')).body.results;
    const [northwind] = owner.filter((p) => p.brand.slug === 'northwind');
    expect(northwind, 'a Northwind product on deal').toBeDefined();
    const [row] = await t.db
      .select({ msrp: products.msrpCents, dealer: productPrices.discountedCents })
      .from(products)
      .innerJoin(productPrices, eq(productPrices.productId, products.id))
      .where(and(eq(products.id, northwind!.id), eq(productPrices.channelSlug, 'dealer')));
    expect(northwind!.price.cents).toBe(row!.dealer);
    const same = visitor.find((p) => p.id === northwind!.id)!;
    expect(same.price).toEqual({ cents: row!.msrp ?? row!.dealer, kind: row!.msrp === null ? 'discounted' : 'msrp' });
  });

  it('refuses bad input with field errors', async () => {
    for (const query of [{ limit: 0 }, { limit: 101 }, { limit: 'abc' }]) {
      const { status, body } = await get(undefined, unchecked(query));
      expect(status).toBe(400);
      expect(body.validation).toBeDefined();
    }
  });

  it('has no promotions when none is running', async () => {
    const all = await t.db.select().from(promotions);
    await t.db.update(promotions).set({ endsAt: new Date(Date.now() - 1000) });
    const { body } = await get();
    expect(body).toEqual({ promotions: [], results: [] });
    for (const p of all) await t.db.update(promotions).set({ endsAt: p.endsAt }).where(eq(promotions.id, p.id));
  });
});

describe('GET /api/content/home-carousel', () => {
  it('is public and shows the running slides in order', async () => {
    const res = await testClient(t.app).call(endpoints.content.homeCarousel);
    expect(res.statusCode).toBe(200);
    const { slides } = res.json();
    expect(slides.map((s) => s.ctaHref)).toEqual(['/deals', '/wiring', '/activation', '/dealer-request']);
  });
});

describe('PUT /api/preferences', () => {
  it('remembers the search page size per user and shows it in the session', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    expect(((await owner.call(endpoints.session.get)).json() as { preferences: unknown }).preferences).toEqual({
      searchPageSize: null,
    });
    const res = await owner.call(endpoints.session.savePreferences, { body: { searchPageSize: 40 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ searchPageSize: 40 });
    const again = await signedInAs(t.app, 'owner@demo.test');
    expect(((await again.call(endpoints.session.get)).json() as { preferences: unknown }).preferences).toEqual({
      searchPageSize: 40,
    });
    // Another user keeps their own.
    const installer = await signedInAs(t.app, 'installer@demo.test');
    expect(((await installer.call(endpoints.session.get)).json() as { preferences: unknown }).preferences).toEqual({
      searchPageSize: null,
    });
  });

  it('refuses sizes other than 8, 20, 40, 100, and visitors', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    for (const searchPageSize of [7, 0, '20', 1000]) {
      const res = await owner.call(endpoints.session.savePreferences, {
        body: { searchPageSize: unchecked(searchPageSize) },
      });
      expect(res.statusCode).toBe(400);
    }
    const visitor = testClient(t.app);
    expect((await visitor.call(endpoints.session.savePreferences, { body: { searchPageSize: 20 } })).statusCode).toBe(
      401,
    );
    expect(((await visitor.call(endpoints.session.get)).json() as { preferences: unknown }).preferences).toBeNull();
  });
});
