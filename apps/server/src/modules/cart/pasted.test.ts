import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  endpoints,
  CART_TEXTS,
  MAX_PASTED_LINES,
  PASTED_ORDER_TEXTS,
  REFUSAL_CODES,
  type AddPastedResponse,
  type MatchPastedResponse,
} from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, type TestClient } from '../../../test/client.ts';
import { brands, products } from '../catalog/schema.ts';
import { users } from '../users/schema.ts';
import { checkoutLines, checkouts } from './schema.ts';

// Quick order from a pasted list (issue 33 item 3), through HTTP on a real database.

let t: TestContext;
/** Northwind SKUs (a brand Northside is approved for): for sale, then one made out of stock, one not for sale. */
let nw: string[];
let sentinel: string;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db
    .select({ sku: products.sku, brand: brands.slug })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(
      and(
        eq(products.isAvailableForPurchase, true),
        eq(products.isAvailable, true),
        isNotNull(products.msrpCents),
        inArray(brands.slug, ['northwind', 'sentinel']),
      ),
    )
    .orderBy(products.sku);
  nw = rows.filter((r) => r.brand === 'northwind').map((r) => r.sku);
  sentinel = rows.find((r) => r.brand === 'sentinel')!.sku;
  await t.db.update(products).set({ isAvailable: false }).where(eq(products.sku, nw[2]!));
  await t.db.update(products).set({ isAvailableForPurchase: false }).where(eq(products.sku, nw[3]!));
  await t.noticed();
});
afterAll(() => t?.close());

const match = (c: TestClient, lines: { sku: string; quantity: number }[]) =>
  c.call(endpoints.cart.matchPasted, { body: { lines } });
const add = (c: TestClient, lines: { sku: string; quantity: number }[], key: string) =>
  c.call(endpoints.cart.addPasted, { body: { lines }, headers: { 'idempotency-key': key } });

describe('POST /api/quick-order/match', () => {
  it('finds every line at the business’s prices: in stock, backordered, unknown, not for sale, too many', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const res = await match(owner, [
      { sku: ` ${nw[0]!.toLowerCase()} `, quantity: 2 },
      { sku: nw[0]!, quantity: 1 },
      { sku: sentinel, quantity: 1 },
      { sku: nw[2]!, quantity: 4 },
      { sku: 'NO-SUCH-SKU', quantity: 1 },
      { sku: nw[3]!, quantity: 1 },
      { sku: nw[1]!, quantity: 1000 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { lines } = res.json() as MatchPastedResponse;
    expect(lines.map((l) => [l.sku, l.quantity, l.status])).toEqual([
      [nw[0], 3, 'inStock'],
      [sentinel, 1, 'inStock'],
      [nw[2], 4, 'backorder'],
      ['NO-SUCH-SKU', 1, 'unknown'],
      [nw[3], 1, 'notForSale'],
      [nw[1], 1000, 'tooMany'],
    ]);
    // spec 01 §6: the approved brand at the dealer's price, another at list — the prices search gives this session.
    const search = await owner.call(endpoints.catalog.productsBySkus, { body: { skus: [nw[0]!, sentinel] } });
    const searched = (search.json() as { results: { sku: string; price: unknown }[] }).results;
    expect(lines[0]!.product!.price).toMatchObject({ kind: 'discounted' });
    expect(lines[1]!.product!.price).toMatchObject({ kind: 'msrp' });
    expect(lines.slice(0, 2).map((l) => l.product!.price)).toEqual(searched.map((p) => p.price));
    expect(lines[3]!.product).toBeNull();
  });

  it('is for buyers only, and caps a paste at the recorded number of lines', async () => {
    const installer = await signedInAs(t.app, 'installer@demo.test');
    const refused = await match(installer, [{ sku: nw[0]!, quantity: 1 }]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: CART_TEXTS.noPurchasingRights });
    const visitor = await signedInAs(t.app, null);
    expect((await match(visitor, [{ sku: nw[0]!, quantity: 1 }])).statusCode).toBe(401);

    const owner = await signedInAs(t.app, 'owner@demo.test');
    const tooMany = Array.from({ length: MAX_PASTED_LINES + 1 }, (_, i) => ({ sku: `SKU-${i}`, quantity: 1 }));
    const capped = await match(owner, tooMany);
    expect(capped.statusCode).toBe(400);
    expect(JSON.stringify(capped.json())).toContain(PASTED_ORDER_TEXTS.tooMany);
  });
});

describe('POST /api/quick-order/add-to-cart', () => {
  it('adds what can be bought in one go, once for a double click, and refuses a key reused for other lines', async () => {
    const purchaser = await signedInAs(t.app, 'purchaser@demo.test');
    const lines = [
      { sku: nw[0]!, quantity: 2 },
      { sku: nw[2]!, quantity: 1 },
      { sku: 'NO-SUCH-SKU', quantity: 5 },
      { sku: nw[3]!, quantity: 1 },
    ];
    const key = `paste-${Date.now()}`;
    const [first, second] = await Promise.all([add(purchaser, lines, key), add(purchaser, lines, key)]);
    const answers = [first.json(), second.json()] as AddPastedResponse[];
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(answers.map((a) => a.replayed).sort()).toEqual([false, true]);
    for (const answer of answers) {
      expect(answer).toMatchObject({ addedLines: 2, addedUnits: 3 });
      // Lines added in one transaction share a time: compare them as a set.
      expect(Object.fromEntries(answer.checkout.lines.map((l) => [l.product.sku, l.quantity]))).toEqual({
        [nw[0]!]: 2,
        [nw[2]!]: 1,
      });
    }

    const reused = await add(purchaser, [{ sku: nw[0]!, quantity: 9 }], key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: REFUSAL_CODES.IDEMPOTENCY_KEY_REUSED });
    const noKey = await purchaser.call(endpoints.cart.addPasted, { body: { lines } });
    expect(noKey.json()).toMatchObject({ code: REFUSAL_CODES.IDEMPOTENCY_KEY_REQUIRED });
    const nothing = await add(purchaser, [{ sku: 'NO-SUCH-SKU', quantity: 1 }], `${key}-none`);
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json()).toMatchObject({
      code: REFUSAL_CODES.NOTHING_TO_ADD,
      detail: PASTED_ORDER_TEXTS.nothingToAdd,
    });
  });

  it('adds nothing when one line would pass the cart’s line cap (one transaction)', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    expect((await add(owner, [{ sku: nw[1]!, quantity: 999 }], `cap-${Date.now()}-a`)).statusCode).toBe(200);
    const over = await add(
      owner,
      [
        { sku: nw[0]!, quantity: 1 },
        { sku: nw[1]!, quantity: 1 },
      ],
      `cap-${Date.now()}-b`,
    );
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ detail: CART_TEXTS.quantityRange });
    const held = await t.db
      .select({ quantity: checkoutLines.quantity })
      .from(checkoutLines)
      .innerJoin(checkouts, eq(checkouts.id, checkoutLines.checkoutId))
      .innerJoin(products, eq(products.id, checkoutLines.productId))
      .innerJoin(users, eq(users.id, checkouts.userId))
      .where(and(eq(checkouts.status, 'open'), eq(products.sku, nw[0]!), eq(users.email, 'owner@demo.test')));
    expect(held).toEqual([]);
  });
});
