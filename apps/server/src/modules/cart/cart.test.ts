import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  endpoints,
  CART_TEXTS,
  MAX_LINE_QUANTITY,
  messages,
  type Checkout,
  type LastCheckout,
  type ProductSummary,
} from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, testClient, unchecked, type TestClient } from '../../../test/client.ts';
import { idOf } from '../../../test/builders.ts';
import { brands, productPrices, products } from '../catalog/schema.ts';
import { users } from '../users/schema.ts';
import { impersonationEvents } from '../acting/schema.ts';
import { businessPartners } from '../business-partners/schema.ts';
import { checkouts } from './schema.ts';

let t: TestContext;
/** Two Northwind products (a brand Northside is approved for) and one of a brand it is not. */
let approvedA: string;
let approvedB: string;
let otherBrand: string;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db
    .select({ id: products.id, brand: brands.slug })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(
      and(
        eq(products.isAvailableForPurchase, true),
        isNotNull(products.msrpCents),
        inArray(brands.slug, ['northwind', 'sentinel']),
      ),
    )
    .orderBy(products.sku);
  const northwind = rows.filter((r) => r.brand === 'northwind').map((r) => r.id);
  [approvedA, approvedB] = [northwind[0]!, northwind[1]!];
  otherBrand = rows.find((r) => r.brand === 'sentinel')!.id;
});
afterAll(() => t.close());

const last = async (c: TestClient) => (await c.call(endpoints.cart.last)).json() as LastCheckout;
const create = (c: TestClient, lines: { variantId: string; quantity: number }[] = []) =>
  c.call(endpoints.cart.create, { body: { lines } });
const quantities = (checkout: Checkout) => Object.fromEntries(checkout.lines.map((l) => [l.product.id, l.quantity]));
const validationFields = (body: unknown) =>
  ((body as { validation?: { field: string }[] }).validation ?? []).map((v) => v.field);

describe('the cart of a dealer owner (spec 02 §4, §7)', () => {
  it('opens, adds, merges, updates and removes lines, and keeps one open cart', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    expect(await last(owner)).toEqual({ token: null, checkout: null });

    const created = await create(owner, [{ variantId: approvedA, quantity: 2 }]);
    expect(created.statusCode).toBe(200);
    const cart = created.json() as Checkout;
    expect(cart.businessPartner).toEqual({ sapBpCode: 'C100234', companyName: 'Northside Auto Sound' });
    expect(quantities(cart)).toEqual({ [approvedA]: 2 });
    expect(cart.quantity).toBe(2);

    // Asking again answers the same cart.
    const again = (await create(owner)).json() as Checkout;
    expect(again.token).toBe(cart.token);

    const added = await owner.call(endpoints.cart.addLines, {
      params: { token: cart.token },
      body: {
        lines: [
          { variantId: approvedA, quantity: 3 },
          { variantId: approvedB, quantity: 1 },
          { variantId: approvedB, quantity: 1 },
        ],
      },
    });
    expect(added.statusCode).toBe(200);
    const merged = added.json() as Checkout;
    expect(quantities(merged)).toEqual({ [approvedA]: 5, [approvedB]: 2 });
    expect(merged.lines.map((l) => l.product.id)).toEqual([approvedA, approvedB]);
    expect(merged.quantity).toBe(7);
    expect(merged.subtotal.cents).toBe(merged.lines.reduce((s, l) => s + l.product.price.cents * l.quantity, 0));

    const lineB = merged.lines.find((l) => l.product.id === approvedB)!;
    const updated = (
      await owner.call(endpoints.cart.updateLines, {
        params: { token: cart.token },
        body: { lines: [{ lineId: lineB.id, quantity: 9 }] },
      })
    ).json() as Checkout;
    expect(quantities(updated)).toEqual({ [approvedA]: 5, [approvedB]: 9 });

    const lineA = merged.lines.find((l) => l.product.id === approvedA)!;
    const removed = (
      await owner.call(endpoints.cart.deleteLines, { params: { token: cart.token }, body: { lineId: lineA.id } })
    ).json() as Checkout;
    expect(quantities(removed)).toEqual({ [approvedB]: 9 });

    // The cart outlives the session: signed in again, it is there (nothing is lost).
    const later = await signedInAs(t.app, 'owner@demo.test');
    const found = await last(later);
    expect(found.token).toBe(cart.token);
    expect(found.checkout).toEqual(removed);
    expect((await later.call(endpoints.cart.byToken, { params: { token: cart.token } })).json()).toEqual(removed);
  });

  it('prices every line as the session prices the catalog (approved brand: dealer price; other: list)', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const cart = (
      await create(owner, [
        { variantId: approvedA, quantity: 1 },
        { variantId: otherBrand, quantity: 4 },
      ])
    ).json() as Checkout;
    const listed = (
      await owner.call(endpoints.catalog.productsByIds, { body: { ids: [approvedA, otherBrand] } })
    ).json() as {
      results: ProductSummary[];
    };
    for (const product of listed.results) {
      const line = cart.lines.find((l) => l.product.id === product.id)!;
      expect(line.product.price).toEqual(product.price);
      expect(line.total.cents).toBe(product.price.cents * line.quantity);
    }
    expect(cart.lines.find((l) => l.product.id === approvedA)!.product.price.kind).toBe('discounted');
    expect(cart.lines.find((l) => l.product.id === otherBrand)!.product.price.kind).toBe('msrp');
  });

  // PGlite serves one connection: transactions never overlap there, so the race runs on PostgreSQL only.
  it.runIf(inject('postgresTemplate'))('answers one cart to creates that race', async () => {
    const purchaser = await signedInAs(t.app, 'purchaser@demo.test');
    const answers = await Promise.all([1, 2, 3].map(() => create(purchaser, [{ variantId: approvedA, quantity: 1 }])));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const tokens = new Set(answers.map((a) => (a.json() as Checkout).token));
    expect(tokens.size).toBe(1);
    expect(quantities((await last(purchaser)).checkout!)).toEqual({ [approvedA]: 3 });
  });
});

describe('who may buy (spec 01 §6, §8; spec 02 §4)', () => {
  it('refuses visitors, users without purchasing rights, and reps without a business', async () => {
    const visitor = testClient(t.app);
    expect((await visitor.call(endpoints.cart.last)).statusCode).toBe(401);
    expect((await create(visitor, [{ variantId: approvedA, quantity: 1 }])).statusCode).toBe(401);

    // The admin has neither rights nor a business: the rights text, not the rep's business text.
    for (const email of ['installer@demo.test', 'retired@demo.test', 'accountant@demo.test', 'admin@demo.test']) {
      const c = await signedInAs(t.app, email);
      const res = await create(c, [{ variantId: approvedA, quantity: 1 }]);
      expect(res.statusCode, email).toBe(403);
      expect(res.json(), email).toEqual({ detail: CART_TEXTS.noPurchasingRights });
      expect(await last(c), email).toEqual({ token: null, checkout: null });
    }

    // A consumer has no product checkout (spec 02 §1): their own text, not a dealer staff's (issue 15 §6).
    const consumer = await signedInAs(t.app, 'consumer@demo.test');
    const refused = await create(consumer, [{ variantId: approvedA, quantity: 1 }]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: messages.consumerNoProductCheckout });
    expect(await last(consumer)).toEqual({ token: null, checkout: null });

    for (const email of ['insiderep@demo.test', 'outsiderep@demo.test']) {
      const rep = await signedInAs(t.app, email);
      const res = await create(rep, [{ variantId: approvedA, quantity: 1 }]);
      expect(res.statusCode, email).toBe(400);
      expect(res.json(), email).toEqual({ detail: messages.noLinkedBusiness });
    }
  });

  it('lets an installer buy once the owner grants purchasing rights, and stop when they are removed', async () => {
    const installerId = await idOf(t.db, 'installer@demo.test');
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const buyer = await signedInAs(t.app, 'installer@demo.test');
    expect((await create(buyer)).statusCode).toBe(403);
    expect(
      (
        await owner.call(endpoints.dealers.updateUserPermissions, {
          body: { addUsersId: [installerId], removeUsersId: [] },
        })
      ).statusCode,
    ).toBe(200);
    const cart = await create(buyer, [{ variantId: approvedB, quantity: 2 }]);
    expect(cart.statusCode).toBe(200);
    expect(quantities(cart.json() as Checkout)).toEqual({ [approvedB]: 2 });
    await owner.call(endpoints.dealers.updateUserPermissions, {
      body: { addUsersId: [], removeUsersId: [installerId] },
    });
    const token = (cart.json() as Checkout).token;
    const refused = await buyer.call(endpoints.cart.addLines, {
      params: { token },
      body: {
        lines: [{ variantId: approvedB, quantity: 1 }],
      },
    });
    expect(refused.statusCode).toBe(403);
    expect(await last(buyer)).toEqual({ token: null, checkout: null });
  });

  it('keeps every cart to its owner: another user’s token is not found', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const token = ((await create(owner, [{ variantId: approvedA, quantity: 1 }])).json() as Checkout).token;
    // A colleague at the same business, with purchasing rights of their own.
    const purchaser = await signedInAs(t.app, 'purchaser@demo.test');
    const params = { token };
    const calls = {
      byToken: () => purchaser.call(endpoints.cart.byToken, { params }),
      addLines: () =>
        purchaser.call(endpoints.cart.addLines, { params, body: { lines: [{ variantId: approvedA, quantity: 1 }] } }),
      updateLines: () =>
        purchaser.call(endpoints.cart.updateLines, { params, body: { lines: [{ lineId: approvedA, quantity: 1 }] } }),
      deleteLines: () => purchaser.call(endpoints.cart.deleteLines, { params, body: { lineId: approvedA } }),
    };
    for (const [name, send] of Object.entries(calls)) {
      const res = await send();
      expect(res.statusCode, name).toBe(404);
      expect(res.json<unknown>(), name).toEqual({ detail: CART_TEXTS.checkoutNotFound });
    }
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.token, token));
    expect(row!.status).toBe('open');
  });

  it('never changes a line of another cart through one’s own token', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const theirs = (await create(owner, [{ variantId: approvedB, quantity: 2 }])).json() as Checkout;
    const line = theirs.lines.find((l) => l.product.id === approvedB)!;
    const purchaser = await signedInAs(t.app, 'purchaser@demo.test');
    const mine = ((await create(purchaser, [{ variantId: approvedA, quantity: 1 }])).json() as Checkout).token;
    const update = await purchaser.call(endpoints.cart.updateLines, {
      params: { token: mine },
      body: {
        lines: [{ lineId: line.id, quantity: 7 }],
      },
    });
    expect(update.statusCode).toBe(404);
    expect(update.json()).toEqual({ detail: CART_TEXTS.lineNotFound });
    const remove = await purchaser.call(endpoints.cart.deleteLines, {
      params: { token: mine },
      body: { lineId: line.id },
    });
    expect(remove.statusCode).toBe(404);
    const after = (await last(owner)).checkout!;
    expect(after.lines.find((l) => l.id === line.id)?.quantity).toBe(line.quantity);
  });
});

describe('a sales rep’s cart follows the selected business (spec 01 §4, spec 02 §4)', () => {
  it('prices for the selected business, is cleared when the business changes, and is audited', async () => {
    const rep = await signedInAs(t.app, 'insiderep@demo.test', { sapBpCode: 'C100234' });
    const cart = (await create(rep, [{ variantId: approvedA, quantity: 2 }])).json() as Checkout;
    expect(cart.businessPartner.sapBpCode).toBe('C100234');
    expect(cart.lines[0]!.product.price.kind).toBe('discounted');

    // The audit is written after the answer: wait for it.
    await expect
      .poll(async () =>
        (
          await t.db
            .select({ kind: impersonationEvents.kind })
            .from(impersonationEvents)
            .where(eq(impersonationEvents.path, endpoints.cart.create.path))
        ).map((e) => e.kind),
      )
      .toEqual(['request']);

    // Selecting again (any business) clears the cart: the old token is gone.
    expect((await rep.call(endpoints.session.selectBusiness, { body: { sapBpCode: 'C100310' } })).statusCode).toBe(200);
    expect(await last(rep)).toEqual({ token: null, checkout: null });
    expect((await rep.call(endpoints.cart.byToken, { params: { token: cart.token } })).statusCode).toBe(404);
    const fresh = (await create(rep, [{ variantId: approvedB, quantity: 1 }])).json() as Checkout;
    expect(fresh.token).not.toBe(cart.token);
    expect(fresh.businessPartner.sapBpCode).toBe('C100310');

    // Clear Selected Business clears it too, and the rep cannot add without one.
    expect((await rep.call(endpoints.session.clearBusiness)).statusCode).toBe(200);
    expect(
      (
        await rep.call(endpoints.cart.addLines, {
          params: { token: fresh.token },
          body: { lines: [{ variantId: approvedB, quantity: 1 }] },
        })
      ).json(),
    ).toEqual({ detail: messages.noLinkedBusiness });
    expect(
      (
        await t.db
          .select({ status: checkouts.status })
          .from(checkouts)
          .where(inArray(checkouts.token, [cart.token, fresh.token]))
      ).map((r) => r.status),
    ).toEqual(['cleared', 'cleared']);
  });

  it('keeps the cart when a selection is refused', async () => {
    const rep = await signedInAs(t.app, 'insiderep@demo.test', { sapBpCode: 'C100234' });
    const cart = (await create(rep, [{ variantId: approvedA, quantity: 1 }])).json() as Checkout;
    expect((await rep.call(endpoints.session.selectBusiness, { body: { sapBpCode: 'C100977' } })).statusCode).toBe(400);
    expect((await last(rep)).token).toBe(cart.token);
  });
});

describe('a swap racing an add (PostgreSQL: two connections)', () => {
  it.runIf(inject('postgresTemplate'))('never leaves an open cart for a business no longer selected', async () => {
    const rep = await signedInAs(t.app, 'outsiderep@demo.test', { sapBpCode: 'C100234' });
    for (let i = 0; i < 8; i++) {
      const to = i % 2 === 0 ? 'C100310' : 'C100234';
      const [added, swapped] = await Promise.all([
        create(rep, [{ variantId: approvedA, quantity: 1 }]),
        rep.call(endpoints.session.selectBusiness, { body: { sapBpCode: to } }),
      ]);
      expect([200, 409]).toContain(added.statusCode);
      expect(swapped.statusCode).toBe(200);
      const open = await t.db
        .select({ business: businessPartners.sapBpCode })
        .from(checkouts)
        .innerJoin(businessPartners, eq(businessPartners.id, checkouts.businessPartnerId))
        .innerJoin(users, eq(users.id, checkouts.userId))
        .where(and(eq(users.email, 'outsiderep@demo.test'), eq(checkouts.status, 'open')));
      expect(
        open.filter((c) => c.business !== to),
        `round ${i}`,
      ).toEqual([]);
    }
  });
});

describe('bad input (rule 3: a clear 4xx, nothing changes)', () => {
  it('refuses bad quantities, products and ids with field errors or the cart’s messages', async () => {
    const owner = await signedInAs(t.app, 'purchaser@demo.test');
    const token = ((await create(owner, [{ variantId: approvedA, quantity: 1 }])).json() as Checkout).token;
    const before = await last(owner);
    const add = (lines: unknown) =>
      owner.call(endpoints.cart.addLines, { params: { token }, body: { lines: unchecked(lines) } });

    for (const quantity of [0, -1, 1.5, '2', MAX_LINE_QUANTITY + 1, null]) {
      const res = await add([{ variantId: approvedA, quantity }]);
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(validationFields(res.json()), String(quantity)).toEqual(['lines.0.quantity']);
    }
    for (const lines of [[], 'x', [{ variantId: 'nope', quantity: 1 }], [{ quantity: 1 }]]) {
      expect((await add(lines)).statusCode, JSON.stringify(lines)).toBe(400);
    }
    const unknown = await add([{ variantId: '00000000-0000-4000-8000-000000000000', quantity: 1 }]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: CART_TEXTS.productNotFound });

    // Over the line cap once merged: refused whole, the other line not added either.
    const over = await add([
      { variantId: approvedB, quantity: 1 },
      { variantId: approvedA, quantity: MAX_LINE_QUANTITY },
    ]);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ detail: CART_TEXTS.quantityRange });

    await t.db.update(products).set({ isAvailableForPurchase: false }).where(eq(products.id, otherBrand));
    const notForSale = await add([
      { variantId: approvedB, quantity: 1 },
      { variantId: otherBrand, quantity: 1 },
    ]);
    expect(notForSale.statusCode).toBe(400);
    expect(notForSale.json()).toEqual({ detail: CART_TEXTS.notForSale });
    // A line whose product stops being for sale may go down, never up.
    const held = (await last(owner)).checkout!.lines[0]!;
    const fewer = async (quantity: number) =>
      owner.call(endpoints.cart.updateLines, { params: { token }, body: { lines: [{ lineId: held.id, quantity }] } });
    await t.db.update(products).set({ isAvailableForPurchase: false }).where(eq(products.id, held.product.id));
    expect((await fewer(held.quantity + 1)).json()).toEqual({ detail: CART_TEXTS.notForSale });
    await t.db.update(products).set({ isAvailableForPurchase: true }).where(eq(products.id, held.product.id));
    await t.db.update(products).set({ isAvailableForPurchase: true }).where(eq(products.id, otherBrand));

    // A product without a price in the business's channel cannot be priced, so it is not for sale there.
    const [dealerPrice] = await t.db
      .delete(productPrices)
      .where(and(eq(productPrices.productId, otherBrand), eq(productPrices.channelSlug, 'dealer')))
      .returning();
    const unpriced = await add([{ variantId: otherBrand, quantity: 1 }]);
    expect(unpriced.json()).toEqual({ detail: CART_TEXTS.notForSale });
    await t.db.insert(productPrices).values(dealerPrice!);

    for (const [field, send] of [
      [
        'token',
        () =>
          owner.call(endpoints.cart.addLines, {
            params: { token: 'not-a-token' },
            body: { lines: [{ variantId: approvedA, quantity: 1 }] },
          }),
      ],
      [
        'lines.0.lineId',
        () =>
          owner.call(endpoints.cart.updateLines, {
            params: { token },
            body: { lines: [{ lineId: 'x', quantity: 1 }] },
          }),
      ],
      ['lines', () => owner.call(endpoints.cart.updateLines, { params: { token }, body: { lines: [] } })],
      ['lineId', () => owner.call(endpoints.cart.deleteLines, { params: { token }, body: unchecked({}) })],
    ] as const) {
      const res = await send();
      expect(res.statusCode, field).toBe(400);
      expect(validationFields(res.json()), field).toContain(field);
    }
    const missing = await owner.call(endpoints.cart.updateLines, {
      params: { token },
      body: {
        lines: [
          { lineId: before.checkout!.lines[0]!.id, quantity: 5 },
          { lineId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
        ],
      },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: CART_TEXTS.lineNotFound });

    expect(await last(owner)).toEqual(before);
  });
});
