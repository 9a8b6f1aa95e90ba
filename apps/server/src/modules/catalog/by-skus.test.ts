import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { endpoints, type ProductSummary } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { testClient, unchecked } from '../../../test/client.ts';
import { products } from './schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/vehicle-saleor-products', () => {
  it('answers products by SKU in the order asked, case-insensitively, leaving unknown SKUs out', async () => {
    const rows = await t.db.select({ sku: products.sku }).from(products).orderBy(asc(products.sku)).limit(3);
    const [a, b, c] = rows.map((r) => r.sku);
    const client = testClient(t.app);
    const res = await client.call(endpoints.catalog.productsBySkus, {
      body: {
        skus: [c!, a!.toLowerCase(), 'NW-RS-X0000', b!, c!],
        sapBpCode: 'C999999',
      },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { results: ProductSummary[] }).results.map((p) => p.sku)).toEqual([c, a, b]);
  });

  it('prices for the session, not for the sapBpCode sent', async () => {
    const [row] = await t.db.select({ sku: products.sku }).from(products).limit(1);
    const visitor = testClient(t.app);
    const owner = testClient(t.app);
    await owner.signIn('insiderep@demo.test');
    const body = { skus: [row!.sku], sapBpCode: 'C100234' };
    const seen = await visitor.call(endpoints.catalog.productsBySkus, { body });
    const rep = await owner.call(endpoints.catalog.productsBySkus, { body });
    const [v] = (seen.json() as { results: ProductSummary[] }).results;
    const [r] = (rep.json() as { results: ProductSummary[] }).results;
    expect(r!.price.kind).toBe('discounted');
    if (v!.msrpCents !== null) expect(v!.price).toEqual({ kind: 'msrp', cents: v!.msrpCents });
  });

  it('refuses an empty or oversized list with field errors', async () => {
    const client = testClient(t.app);
    for (const skus of [[], Array.from({ length: 101 }, (_, i) => `SKU-${i}`), [''], 'NW-RS-X0001']) {
      const res = await client.call(endpoints.catalog.productsBySkus, { body: { skus: unchecked(skus) } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('validation');
    }
  });
});
