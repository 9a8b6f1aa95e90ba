import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  endpoints,
  MAX_LINE_QUANTITY,
  ORDERS_DEFAULT_LIMIT,
  ORDER_TEXTS,
  PREVIOUS_PURCHASES_SHOWN,
  type Checkout,
  type LastOrderProductIds,
  type Order,
  type OrderConnection,
  type OrderListRequest,
  type OrderStatus,
  type ProductSummary,
  type ReorderOutcome,
} from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, testClient, unchecked, type TestClient } from '../../../test/client.ts';
import { idOf, partnerByCode } from '../../../test/builders.ts';
import { brands, productPrices, products } from '../catalog/schema.ts';
import { checkouts } from '../cart/schema.ts';
import { orderLines, orders } from './schema.ts';
import { insertOrder, recordOrderStatus, type NewOrder } from './repo.ts';

let t: TestContext;
let northsideId: string;
let lakesideId: string;
let ownerId: string;
/** Products Northside buys at its dealer price (Northwind, approved), by SKU; each test takes its own. */
let pool: { id: string; sku: string; name: string; cents: number }[];
let owner: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  northsideId = (await partnerByCode(t.db, 'C100234')).id;
  lakesideId = (await partnerByCode(t.db, 'C100310')).id;
  ownerId = await idOf(t.db, 'owner@demo.test');
  pool = await t.db
    .select({ id: products.id, sku: products.sku, name: products.name, cents: productPrices.discountedCents })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.channelSlug, 'dealer')))
    .where(and(eq(brands.slug, 'northwind'), eq(products.isAvailableForPurchase, true)))
    .orderBy(asc(products.sku))
    .limit(40);
  owner = await signedInAs(t.app, 'owner@demo.test');
});
afterAll(() => t.close());

let poSerial = 0;
/** Writes an order of a business as checkout completion does (with its completed checkout). */
async function placeOrder(
  options: {
    businessPartnerId?: string;
    createdAt?: Date;
    po?: string | null;
    lines?: { product: (typeof pool)[number]; quantity: number; unitPriceCents?: number }[];
    status?: OrderStatus;
  } = {},
  db: Pick<TestContext['db'], 'transaction'> = t.db,
) {
  const businessPartnerId = options.businessPartnerId ?? northsideId;
  const lines = (options.lines ?? [{ product: pool[0]!, quantity: 1 }]).map((line) => ({
    productId: line.product.id,
    sku: line.product.sku,
    name: line.product.name,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents ?? line.product.cents,
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  const address = {
    name: 'Test',
    streetAddress1: '1 Main St',
    streetAddress2: '',
    city: 'Columbus',
    countryArea: 'OH',
    postalCode: '43215',
    country: 'US',
    phone: null,
  };
  return db.transaction(async (tx) => {
    const [checkout] = await tx
      .insert(checkouts)
      .values({ userId: ownerId, businessPartnerId, status: 'completed' })
      .returning({ id: checkouts.id });
    const order: NewOrder = {
      businessPartnerId,
      checkoutId: checkout!.id,
      placedBy: { userId: ownerId, name: 'Gary Lindqvist', email: 'owner@demo.test' },
      actingForName: null,
      poNumber: options.po === undefined ? `T-${++poSerial}` : options.po,
      shippingAddress: address,
      billingAddress: null,
      shippingMethod: { id: 'b2b-ups-ground', name: 'B2B-UPS Ground' },
      subtotalCents: subtotal,
      shippingCents: 1500,
      tax: { cents: 0, rateBp: 0, exempt: true },
      totalCents: subtotal + 1500,
      payment: { kind: 'TERMS', label: 'On account (terms)', paymentMethodId: null, chargeId: null },
      lines,
      metadata: [],
      ...(options.createdAt && { createdAt: options.createdAt }),
    };
    const id = await insertOrder(tx, order);
    if (options.status && options.status !== 'placed')
      await recordOrderStatus(tx, id, { status: options.status, byUserId: null, at: options.createdAt });
    return id;
  });
}

const list = (c: TestClient, body: OrderListRequest = {}) => c.call(endpoints.orders.list, { body });
const page = async (c: TestClient, body: OrderListRequest = {}) => {
  const res = await list(c, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OrderConnection;
};
/** Every order a filter finds, page after page. */
async function everyOrder(c: TestClient, body: OrderListRequest = {}) {
  const nodes: OrderConnection['edges'][number]['node'][] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const answer = await page(c, { ...body, after });
    nodes.push(...answer.edges.map((edge) => edge.node));
    if (!answer.pageInfo.hasNextPage) return nodes;
    after = answer.pageInfo.endCursor;
  }
  throw new Error('more than 50 pages');
}
const byId = (c: TestClient, id: unknown) => c.call(endpoints.orders.byId, { body: { id: unchecked(id) } });
const fieldsOf = (body: unknown) =>
  Object.fromEntries(
    ((body as { validation?: { field: string; messages: string[] }[] }).validation ?? []).map((v) => [
      v.field,
      v.messages,
    ]),
  );
/** The ids of a business's orders as the database sorts them: newest first, then by id. */
const idsInDatabase = async (businessPartnerId: string) =>
  (
    await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.businessPartnerId, businessPartnerId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
  ).map((row) => row.id);

describe('POST /api/order-transactions: the list (spec 02 §7 cursors, §9 25 by default)', () => {
  it('pages through every order of the business, newest first, 25 at a time, ties in created time included', async () => {
    const base = Date.UTC(2021, 2, 1, 12);
    // 60 orders three hours apart, ten of them at the very same instant (a page ends among them).
    for (let i = 0; i < 60; i++)
      await placeOrder({ createdAt: new Date(base + (i >= 20 && i < 30 ? 20 : i) * 3 * 3_600_000) });
    // Two in one transaction: the same created_at to the microsecond (now() is the transaction's start).
    await t.db.transaction(async (tx) => {
      await placeOrder({}, tx);
      await placeOrder({}, tx);
    });

    // Two within one millisecond, apart by microseconds (PostgreSQL's precision; a cursor must keep it).
    for (const at of ['2022-01-01T00:00:00.123400Z', '2022-01-01T00:00:00.123700Z'])
      await t.db
        .update(orders)
        .set({ createdAt: sql`${at}::timestamptz` })
        .where(eq(orders.id, await placeOrder({ po: `MICRO ${at}` })));
    const micro = await page(owner, { first: 1, from: '2022-01-01', to: '2022-01-01' });
    const microNext = await page(owner, {
      first: 1,
      from: '2022-01-01',
      to: '2022-01-01',
      after: micro.pageInfo.endCursor,
    });
    expect([...micro.edges, ...microNext.edges].map((edge) => edge.node.poNumber)).toEqual([
      'MICRO 2022-01-01T00:00:00.123700Z',
      'MICRO 2022-01-01T00:00:00.123400Z',
    ]);

    const expected = await idsInDatabase(northsideId);
    expect(expected.length).toBeGreaterThan(70);
    const first = await page(owner);
    expect(first.edges).toHaveLength(ORDERS_DEFAULT_LIMIT);
    expect(first.totalCount).toBe(expected.length);
    expect(first.pageInfo).toEqual({ hasNextPage: true, endCursor: first.edges.at(-1)!.cursor });

    const all = await everyOrder(owner);
    expect(all.map((node) => node.id)).toEqual(expected);
    const times = all.map((node) => Date.parse(node.created));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // One at a time through the newest (the two of one instant among them), and any `first` after any cursor.
    let after: string | null = null;
    const oneByOne: string[] = [];
    for (let i = 0; i < 5; i++) {
      const one: OrderConnection = await page(owner, { first: 1, after });
      oneByOne.push(one.edges[0]!.node.id);
      after = one.pageInfo.endCursor;
    }
    expect(oneByOne).toEqual(expected.slice(0, 5));
    const small = await page(owner, { first: 7, after: first.edges[2]!.cursor });
    expect(small.edges.map((edge) => edge.node.id)).toEqual(expected.slice(3, 10));
    expect(small.totalCount).toBe(expected.length);
    const rest = await page(owner, { first: 100, after: first.edges[2]!.cursor });
    expect(rest.edges.map((edge) => edge.node.id)).toEqual(expected.slice(3, 103));
    expect(rest.pageInfo.hasNextPage).toBe(expected.length > 103);
    const lastPage = await page(owner, { after: rest.pageInfo.endCursor, first: 100 });
    expect(lastPage.edges.map((edge) => edge.node.id)).toEqual(expected.slice(103, 203));
  });

  it('answers an order as the list shows it: number, total, items, who placed it, payment and shipping', async () => {
    const id = await placeOrder({
      po: 'SUMMARY-1',
      lines: [
        { product: pool[1]!, quantity: 3 },
        { product: pool[2]!, quantity: 4 },
      ],
    });
    const [node] = (await page(owner, { search: 'SUMMARY-1' })).edges.map((edge) => edge.node);
    const order = (await byId(owner, id)).json() as Order;
    expect(node).toEqual({
      id,
      number: order.number,
      status: 'placed',
      created: order.created,
      poNumber: 'SUMMARY-1',
      total: order.total,
      itemCount: 7,
      placedBy: { name: 'Gary Lindqvist', actingFor: null },
      paymentLabel: 'On account (terms)',
      shippingMethodName: 'B2B-UPS Ground',
    });
    expect(order.number).toMatch(/^SO-\d{6,}$/);
  });

  it('filters by status', async () => {
    for (const status of ['cancelled', 'shipped', 'delivered', 'placed'] as const) {
      const found = await everyOrder(owner, { status, first: 100 });
      const [{ n }] = (await t.db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.businessPartnerId, northsideId), eq(orders.status, status)))) as [{ n: number }];
      expect(found.length, status).toBe(n);
      expect(n, status).toBeGreaterThan(0);
      expect(new Set(found.map((node) => node.status))).toEqual(new Set([status]));
    }
  });

  it('filters by UTC days, from the start of the first to the end of the last, both inclusive (spec 02 §9)', async () => {
    const at = (iso: string) => placeOrder({ createdAt: new Date(iso), po: `EDGE ${iso}` });
    const [before, first, last, after] = [
      await at('2020-05-31T23:59:59.999Z'),
      await at('2020-06-01T00:00:00.000Z'),
      await at('2020-06-03T23:59:59.999Z'),
      await at('2020-06-04T00:00:00.000Z'),
    ];
    const ids = async (body: OrderListRequest) => (await everyOrder(owner, { first: 100, ...body })).map((n) => n.id);

    expect(await ids({ from: '2020-06-01', to: '2020-06-03' })).toEqual([last, first]);
    expect(await ids({ from: '2020-06-01', to: '2020-06-01' })).toEqual([first]);
    expect(await ids({ to: '2020-05-31' })).toEqual([before]);
    const since = await ids({ from: '2020-06-04' });
    expect(since).toContain(after);
    expect(since).not.toContain(last);
    expect((await page(owner, { from: '2020-06-01', to: '2020-06-03' })).totalCount).toBe(2);
  });

  it('searches the order number (with or without SO-) and the PO number, any case, anywhere in them', async () => {
    const id = await placeOrder({ po: 'Fleet-Van 42' });
    const number = ((await byId(owner, id)).json() as Order).number;
    const ids = async (search: string, extra: OrderListRequest = {}) =>
      (await everyOrder(owner, { first: 100, search, ...extra })).map((n) => n.id);

    expect(await ids(number)).toEqual([id]);
    expect(await ids(number.toLowerCase())).toEqual([id]);
    expect(await ids(number.slice(3))).toContain(id);
    expect(await ids('fleet-van')).toEqual([id]);
    expect(await ids('VAN 4')).toEqual([id]);
    expect(await ids('  fleet-van 42  ')).toEqual([id]);
    expect(await ids('fleet-van', { status: 'cancelled' })).toEqual([]);
    // LIKE's wildcards are plain characters.
    const odd = await placeOrder({ po: 'A%B_C' });
    expect(await ids('%B_')).toEqual([odd]);
    expect(await ids('_')).toEqual([odd]);
    const none = await page(owner, { search: 'no such order' });
    expect(none).toEqual({ edges: [], totalCount: 0, pageInfo: { hasNextPage: false, endCursor: null } });
    // Another business's PO numbers are not searched.
    expect(await ids('LRS-0412')).toEqual([]);
  });

  it('answers 400 with the field for bad input, never a 500', async () => {
    const cases: [object, string][] = [
      [{ first: 0 }, 'first'],
      [{ first: 101 }, 'first'],
      [{ first: 2.5 }, 'first'],
      [{ first: '25' }, 'first'],
      [{ status: 'lost' }, 'status'],
      [{ from: '2021-02-30' }, 'from'],
      [{ from: '03/01/2021' }, 'from'],
      [{ from: '0000-01-01' }, 'from'],
      [{ to: '2021-13-01' }, 'to'],
      [{ from: '2021-03-02', to: '2021-03-01' }, 'to'],
      [{ search: 'x'.repeat(41) }, 'search'],
      [{ after: '' }, 'after'],
    ];
    for (const [body, field] of cases) {
      const res = await list(owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(fieldsOf(res.json())), JSON.stringify(body)).toEqual([field]);
    }
    expect(fieldsOf((await list(owner, { from: '2021-02-30' })).json())).toEqual({ from: [ORDER_TEXTS.dayFormat] });
    expect(fieldsOf((await list(owner, { from: '2021-03-02', to: '2021-03-01' })).json())).toEqual({
      to: [ORDER_TEXTS.dayOrder],
    });
    const nul = await list(owner, { search: 'a\u0000b' });
    expect(nul.statusCode).toBeLessThan(500);
  });

  it('answers 400 "invalid cursor" to a cursor it did not make', async () => {
    const good = (await page(owner, { first: 1 })).pageInfo.endCursor!;
    const [created, id] = JSON.parse(Buffer.from(good, 'base64url').toString()) as [string, string];
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const after of [
      'garbage',
      good.slice(0, -3),
      b64({ created, id }),
      b64([created]),
      b64([created, 'not-a-uuid']),
      b64(['2021-02-31T00:00:00.000000Z', id]),
      b64(['2021-03-01T25:00:00.000000Z', id]),
      b64(['0000-01-01T00:00:00.000000Z', id]),
      b64([created.replace('Z', '+00:00'), id]),
      b64([`${created}'; drop table orders; --`, id]),
    ]) {
      const res = await list(owner, { after });
      expect(res.statusCode, after).toBe(400);
      expect(res.json()).toEqual({ detail: ORDER_TEXTS.invalidCursor });
    }
    expect((await list(owner, { after: good })).statusCode).toBe(200);
  });

  it('shows a sales rep acting for Northside its orders, with the rep named on those he placed', async () => {
    const rep = await signedInAs(t.app, 'insiderep@demo.test', { sapBpCode: 'C100234' });
    const seen = await everyOrder(rep, { first: 100 });
    expect(seen.map((node) => node.id)).toEqual(await idsInDatabase(northsideId));
    expect(seen.filter((node) => node.placedBy.name === 'Tessa Morales').length).toBeGreaterThan(0);
    for (const node of seen.filter((n) => n.placedBy.name === 'Tessa Morales'))
      expect(node.placedBy.actingFor).toBe('Gary Lindqvist');

    // The same rep acting for Lakeside sees Lakeside's, and only those.
    const forLakeside = await signedInAs(t.app, 'insiderep@demo.test', { sapBpCode: 'C100310' });
    const lakeside = await everyOrder(forLakeside, { first: 100 });
    expect(lakeside.length).toBeGreaterThan(0);
    expect(lakeside.map((node) => node.id)).toEqual(await idsInDatabase(lakesideId));
  });
});

describe('who sees orders (spec 01 §6: My Orders needs purchasing rights)', () => {
  it('closes them to installers, accountants and admins (403), to a rep without a business, and to nobody', async () => {
    const someOrder = (await idsInDatabase(northsideId))[0]!;
    for (const email of ['installer@demo.test', 'accountant@demo.test', 'retired@demo.test', 'admin@demo.test']) {
      const c = await signedInAs(t.app, email);
      for (const res of [await list(c), await byId(c, someOrder)]) {
        expect(res.statusCode, email).toBe(403);
        expect(res.json()).toEqual({ detail: ORDER_TEXTS.noOrders });
      }
    }
    const rep = await signedInAs(t.app, 'insiderep@demo.test');
    expect((await list(rep)).statusCode).toBe(403);
    expect((await list(rep)).json()).toEqual({ detail: ORDER_TEXTS.selectBusiness });
    expect((await list(testClient(t.app))).statusCode).toBe(401);
    // A purchaser sees the whole business's orders, not only the ones she placed.
    const purchaser = await signedInAs(t.app, 'purchaser@demo.test');
    expect((await page(purchaser)).totalCount).toBe((await idsInDatabase(northsideId)).length);
  });
});

describe('POST /api/order-transaction: one order', () => {
  it('answers an order of the business, and 404 for another business’s or none', async () => {
    const [own] = await idsInDatabase(northsideId);
    const [lakesides] = await idsInDatabase(lakesideId);
    const res = await byId(owner, own);
    expect(res.statusCode).toBe(200);
    const order = res.json() as Order;
    expect(order).toMatchObject({ id: own, businessPartner: { sapBpCode: 'C100234' } });
    expect(order.lines.length).toBeGreaterThan(0);

    for (const id of [lakesides, '00000000-0000-4000-8000-000000000000']) {
      const other = await byId(owner, id);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ detail: ORDER_TEXTS.notFound });
    }
    const lakesideOwnersView = await signedInAs(t.app, 'insiderep@demo.test', { sapBpCode: 'C100310' });
    expect((await byId(lakesideOwnersView, lakesides)).statusCode).toBe(200);
    expect((await byId(lakesideOwnersView, own)).statusCode).toBe(404);

    for (const bad of ['not-an-id', 5, null]) {
      const invalid = await byId(owner, bad);
      expect(invalid.statusCode).toBe(400);
      expect(Object.keys(fieldsOf(invalid.json()))).toEqual(['id']);
    }
  });
});

describe('POST /api/order-transaction/reorder', () => {
  const reorder = (c: TestClient, id: string) => c.call(endpoints.orders.reorder, { body: { id } });
  type Reordered = ReorderOutcome & { checkout: Checkout };

  it('puts the lines back at today’s prices and says which could not be added, and why', async () => {
    const purchaser = await signedInAs(t.app, 'purchaser@demo.test');
    const [kept, gone, unpriced, full] = [pool[10]!, pool[11]!, pool[12]!, pool[13]!];
    const id = await placeOrder({
      lines: [
        // Bought for a cent: it goes back at today's price.
        { product: kept, quantity: 2, unitPriceCents: 1 },
        { product: gone, quantity: 1 },
        { product: unpriced, quantity: 1 },
        { product: full, quantity: 2 },
      ],
    });
    // Today: one is no longer for sale, one has lost its dealer price, one already fills its cart line.
    await t.db.update(products).set({ isAvailableForPurchase: false }).where(eq(products.id, gone.id));
    await t.db
      .delete(productPrices)
      .where(and(eq(productPrices.productId, unpriced.id), eq(productPrices.channelSlug, 'dealer')));
    await t.noticed();
    const filled = await purchaser.call(endpoints.cart.create, {
      body: {
        lines: [{ variantId: full.id, quantity: MAX_LINE_QUANTITY - 1 }],
      },
    });
    expect(filled.statusCode, filled.body).toBe(200);

    const res = await reorder(purchaser, id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Reordered;
    expect(body.added).toEqual([kept.sku]);
    expect(body.notAdded).toEqual([
      { sku: gone.sku, name: gone.name, reason: 'notSold', detail: ORDER_TEXTS.notSold },
      { sku: unpriced.sku, name: unpriced.name, reason: 'noPrice', detail: ORDER_TEXTS.noPrice },
      { sku: full.sku, name: full.name, reason: 'lineCap', detail: ORDER_TEXTS.lineCap },
    ]);
    const today = (
      (await purchaser.call(endpoints.catalog.productsByIds, { body: { ids: [kept.id] } })).json() as {
        results: ProductSummary[];
      }
    ).results[0]!;
    const line = body.checkout.lines.find((l) => l.product.id === kept.id)!;
    expect(line.quantity).toBe(2);
    expect(line.product.price.cents).toBe(today.price.cents);
    expect(line.product.price.cents).toBeGreaterThan(1);
    expect(body.checkout.lines.find((l) => l.product.id === full.id)!.quantity).toBe(MAX_LINE_QUANTITY - 1);

    // Again: the kept line adds up in the cart.
    const again = (await reorder(purchaser, id)).json() as Reordered;
    expect(again.checkout.lines.find((l) => l.product.id === kept.id)!.quantity).toBe(4);
  });

  it('is for buyers of the business only', async () => {
    const [lakesides] = await idsInDatabase(lakesideId);
    const [own] = await idsInDatabase(northsideId);
    expect((await reorder(owner, lakesides!)).statusCode).toBe(404);
    const installer = await signedInAs(t.app, 'installer@demo.test');
    expect((await reorder(installer, own!)).statusCode).toBe(403);
    expect((await reorder(testClient(t.app), own!)).statusCode).toBe(401);
  });
});

describe('GET /api/last-three-order-product-ids (spec 02 §9: previously purchased, 8 shown)', () => {
  const lastIds = async (c: TestClient) => {
    const res = await c.call(endpoints.orders.lastThreeProductIds);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as LastOrderProductIds).productIds;
  };

  it('answers the products of the last three orders that were not cancelled, newest first, once each, at most 8', async () => {
    const p = pool.slice(20, 32);
    const soon = (days: number) => new Date(Date.now() + days * 86_400_000);
    await placeOrder({
      createdAt: soon(1),
      lines: [p[9], p[10], p[11]].map((product) => ({ product: product!, quantity: 1 })),
    });
    await placeOrder({
      createdAt: soon(2),
      lines: [p[0], p[1], p[2], p[3], p[4], p[5]].map((product) => ({ product: product!, quantity: 1 })),
    });
    await placeOrder({
      createdAt: soon(3),
      lines: [p[6], p[0], p[7]].map((product) => ({ product: product!, quantity: 1 })),
    });
    // The newest is cancelled: it bought nothing.
    await placeOrder({ createdAt: soon(4), status: 'cancelled', lines: [{ product: p[8]!, quantity: 1 }] });

    const ids = await lastIds(owner);
    expect(ids).toEqual([p[6], p[0], p[7], p[1], p[2], p[3], p[4], p[5]].map((product) => product!.id));
    expect(ids).toHaveLength(PREVIOUS_PURCHASES_SHOWN);
    const rep = await signedInAs(t.app, 'insiderep@demo.test', { sapBpCode: 'C100234' });
    expect(await lastIds(rep)).toEqual(ids);
  });

  it('answers none to whoever has no My Orders, and 401 to nobody', async () => {
    for (const email of ['installer@demo.test', 'accountant@demo.test', 'insiderep@demo.test', 'admin@demo.test'])
      expect(await lastIds(await signedInAs(t.app, email)), email).toEqual([]);
    expect((await testClient(t.app).call(endpoints.orders.lastThreeProductIds)).statusCode).toBe(401);
    // Lakeside's, for a rep acting for Lakeside.
    const lakesideProducts = new Set(
      (
        await t.db
          .select({ id: orderLines.productId })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(eq(orders.businessPartnerId, lakesideId))
      ).map((row) => row.id),
    );
    const forLakeside = await lastIds(await signedInAs(t.app, 'insiderep@demo.test', { sapBpCode: 'C100310' }));
    expect(forLakeside.length).toBeGreaterThan(0);
    for (const id of forLakeside) expect(lakesideProducts.has(id)).toBe(true);
  });
});
