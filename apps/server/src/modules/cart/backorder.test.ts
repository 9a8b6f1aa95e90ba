import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints, type LastCheckout } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs } from '../../../test/client.ts';
import { aSoldProduct } from '../../../test/ledger-builders.ts';
import { products } from '../catalog/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('an out-of-stock product (issue 27 §12: backorders are taken, docs/decisions.md)', () => {
  it('can be ordered; checkout shows it out of stock and the order keeps the line as backordered', async () => {
    const productId = await aSoldProduct(t.db);
    await t.db.update(products).set({ isAvailable: false }).where(eq(products.id, productId));
    await t.noticed();
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const cart = (
      await owner.call(endpoints.cart.create, { body: { lines: [{ variantId: productId, quantity: 2 }] } })
    ).json() as LastCheckout['checkout'] & { token: string };
    expect(cart.lines.find((line) => line.product.id === productId)!.product.isAvailable).toBe(false);
    const placed = await owner.call(endpoints.cart.complete, {
      params: { token: cart.token },
      body: { selectedPayment: 'COD' },
      headers: { 'idempotency-key': `backorder-${Date.now()}` },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json();
    expect(order.lines.find((line) => line.variant.product.id === productId)).toMatchObject({ backordered: true });
    const again = (await owner.call(endpoints.orders.byId, { body: { id: order.id } })).json();
    expect(again.lines.find((line) => line.variant.product.id === productId)).toMatchObject({ backordered: true });
  });
});
