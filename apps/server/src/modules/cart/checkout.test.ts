import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  CHECKOUT_TEXTS,
  PARTIAL_PAYMENT_NOT_ALLOWED,
  PAYMENT_ERROR,
  REFUSAL_CODES,
  SHIPPING_METHODS,
  TAX_RATE_BP,
  type Checkout,
  type BillingSummary,
  type CompletedCheckout,
  type InvoiceConnection,
  type LastCheckout,
  type PaymentCard,
} from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, type TestClient } from '../../../test/client.ts';
import { mailsTo, partnerByCode } from '../../../test/builders.ts';
import { brands, products } from '../catalog/schema.ts';
import { businessPartners } from '../business-partners/schema.ts';
import { orders } from '../orders/schema.ts';
import { processorCharges } from '../../adapters/payments/schema.ts';
import { checkoutAttempts } from './schema.ts';

let t: TestContext;
let productA: string;
let productB: string;
let productC: string;

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RECOVERY_AFTER_MS: '0' });
  const rows = await t.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(
      and(
        eq(products.isAvailableForPurchase, true),
        isNotNull(products.msrpCents),
        inArray(brands.slug, ['northwind']),
      ),
    )
    .orderBy(products.sku)
    .limit(3);
  [productA, productB, productC] = rows.map((r) => r.id) as [string, string, string];
  // Northside buys tax-exempt (a resale certificate on file) with a credit line; Lakeside pays tax.
  await t.db
    .update(businessPartners)
    .set({ resaleCertificate: 'OH-RS-TEST', creditLimitCents: 5_000_000 })
    .where(eq(businessPartners.sapBpCode, 'C100234'));
  await t.db
    .update(businessPartners)
    .set({ resaleCertificate: null, creditLimitCents: 0 })
    .where(eq(businessPartners.sapBpCode, 'C100310'));
  // DEMO-DATA: Northside has past-due invoices, and terms are refused while it does (issue 19). These tests
  // buy on terms: its accountant pays what is past due first, through the ledger.
  const accountant = await signedInAs(t.app, 'accountant@demo.test');
  const pastDue = (await accountant.call('POST', '/api/invoices', { status: 'pastDue' })).json() as InvoiceConnection;
  const card = ((await accountant.call('GET', '/api/card')).json() as PaymentCard[]).find((m) => m.type === 'CARD')!;
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/pay-invoice',
    payload: {
      invoices: pastDue.edges.map(({ node }) => ({ id: node.id, paymentAmount: node.payoffAmount.amount })),
      paymentMethodId: card.id,
    },
    remoteAddress: accountant.remoteAddress,
    headers: { cookie: accountant.jar.header(), 'idempotency-key': `checkout-test-${Date.now()}` },
  });
  expect(paid.statusCode, paid.body).toBe(201);
});
afterAll(() => t.close());

const BASE = '/api/products-checkout';
let keys = 0;
const newKey = () => `test-key-${Date.now()}-${++keys}`;

/** A fresh cart of the buyer with the three products. */
async function cartOf(c: TestClient, quantities: [number, number, number] = [1, 2, 3]): Promise<Checkout> {
  const last = (await c.call('GET', `${BASE}/last-b2b-token`)).json() as LastCheckout;
  if (last.token)
    for (const line of last.checkout!.lines)
      await c.call('POST', `${BASE}/${last.token}/delete-lines`, { lineId: line.id });
  const res = await c.call('POST', `${BASE}/create-b2b`, {
    lines: [
      { variantId: productA, quantity: quantities[0] },
      { variantId: productB, quantity: quantities[1] },
      { variantId: productC, quantity: quantities[2] },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Checkout;
}

/** complete-b2b-checkout as the browser sends it, with its Idempotency-Key. */
function complete(c: TestClient, token: string, selectedPayment: string, key: string | null = newKey()) {
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/${token}/complete-b2b-checkout`,
    payload: { selectedPayment },
    remoteAddress: c.remoteAddress,
    headers: { cookie: c.jar.header(), ...(key ? { 'idempotency-key': key } : {}) },
  });
}

async function addCard(c: TestClient, number: string, postalCode = '43215') {
  const res = await c.call('POST', '/api/card', {
    number,
    expMonth: '12',
    expYear: String(new Date().getUTCFullYear() + 2),
    cvv: '123',
    name: 'Test Buyer',
    streetAddress1: '1 Test St',
    city: 'Columbus',
    state: 'OH',
    postalCode,
    countryCode: 'US',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PaymentCard;
}

const ordersOf = async (sapBpCode: string) =>
  t.db
    .select()
    .from(orders)
    .where(eq(orders.businessPartnerId, (await partnerByCode(t.db, sapBpCode)).id));

describe('the B2B checkout: addresses, shipping, PO number, tax and totals on the server (spec 02 §3, §4, §5, §9)', () => {
  it("preselects the business's default addresses and lists the shipping methods in the spec's order", async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const cart = await cartOf(owner);
    expect(cart.shippingAddress?.businessPartnerAddressType).toBe('SHIPPING');
    expect(cart.shippingMethods.map((m) => m.name)).toEqual([
      'B2B-UPS Ground',
      'B2B-UPS 3-Day Select',
      'B2B-UPS 2nd Day Air',
      'B2B-UPS Next Day Air',
    ]);
    expect(cart.currentShippingMethod.id).toBe('b2b-ups-ground');
    // Northside has a resale certificate: no tax. The total is the server's sum.
    expect(cart.tax).toEqual({ cents: 0, rateBp: 0, exempt: true });
    expect(cart.totalPrice.cents).toBe(cart.subtotal.cents + cart.shippingPrice.cents);
    expect(cart.totalPrice.tax.amount).toBe(0);
  });

  it('changes the shipping method and prices it; refuses a method or an address that is not on offer', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const cart = await cartOf(owner);
    const nextDay = (
      await owner.call('POST', `${BASE}/${cart.token}/update-shipping-method`, { shippingMethodId: 'b2b-ups-next-day' })
    ).json() as Checkout;
    expect(nextDay.currentShippingMethod).toMatchObject({ id: 'b2b-ups-next-day', price: { cents: 7900 } });
    expect(nextDay.totalPrice.cents).toBe(nextDay.subtotal.cents + 7900);
    const bad = await owner.call('POST', `${BASE}/${cart.token}/update-shipping-method`, { shippingMethodId: 'drone' });
    expect(bad.statusCode).toBe(400);
    const lakeside = await partnerByCode(t.db, 'C100310');
    const theirs = await t.db.query.businessPartnerAddresses.findFirst({
      where: (a, { eq: is }) => is(a.businessPartnerId, lakeside.id),
    });
    const other = await owner.call('POST', `${BASE}/${cart.token}/update-b2b-shipping-address`, {
      addressId: theirs!.id,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: CHECKOUT_TEXTS.addressNotFound });
    const own = await owner.call('POST', `${BASE}/${cart.token}/update-b2b-billing-address`, {
      addressId: cart.shippingAddress!.id,
    });
    expect((own.json() as Checkout).billingAddress?.id).toBe(cart.shippingAddress!.id);
    // Ground is free from $750 of goods.
    const bigCart = await cartOf(owner, [40, 40, 40]);
    const big = (
      await owner.call('POST', `${BASE}/${bigCart.token}/update-shipping-method`, {
        shippingMethodId: 'b2b-ups-ground',
      })
    ).json() as Checkout;
    expect(big.subtotal.cents).toBeGreaterThanOrEqual(SHIPPING_METHODS[0].freeFromCents);
    expect(big.shippingPrice.cents).toBe(0);
  });

  it("takes a PO number by the spec's rule, word for word when refused", async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const cart = await cartOf(owner);
    const bad = await owner.call('POST', `${BASE}/${cart.token}/set-b2b-po-number`, { poNumber: 'PO<1>' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Must contain only a-z, A-Z, 0-9, ~!@#$%^&*()-_.');
    const good = await owner.call('POST', `${BASE}/${cart.token}/set-b2b-po-number`, { poNumber: 'NS-2026 #44 (A)' });
    expect((good.json() as Checkout).poNumber).toBe('NS-2026 #44 (A)');
  });

  it("taxes a business without a certificate at the ship-to state's rate (Lakeside)", async () => {
    const rep = await signedInAs(t.app, 'insiderep@demo.test', { sapBpCode: 'C100310' });
    const cart = await cartOf(rep);
    const rateBp = TAX_RATE_BP.US![cart.shippingAddress!.countryArea]!;
    expect(rateBp).toBeGreaterThan(0);
    expect(cart.tax).toEqual({ cents: Math.round((cart.subtotal.cents * rateBp) / 10_000), rateBp, exempt: false });
    expect(cart.totalPrice.cents).toBe(cart.subtotal.cents + cart.shippingPrice.cents + cart.tax.cents);
  });

  it('set-b2b-payment: the whole total only (PARTIAL_PAYMENT_NOT_ALLOWED); TERMS within the credit line; a verified bank account', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const cart = await cartOf(owner);
    const partial = await owner.call('POST', `${BASE}/${cart.token}/set-b2b-payment`, {
      gateway: 'COD',
      amount: cart.totalPrice.cents - 1,
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toEqual({
      detail: CHECKOUT_TEXTS.partialPaymentNotAllowed,
      code: PARTIAL_PAYMENT_NOT_ALLOWED,
    });
    const terms = await owner.call('POST', `${BASE}/${cart.token}/set-b2b-payment`, {
      gateway: 'TERMS',
      amount: cart.totalPrice.cents,
    });
    expect((terms.json() as Checkout).payment).toEqual({
      gateway: 'TERMS',
      paymentMethodId: null,
      amount: { cents: cart.totalPrice.cents },
    });
    const bank = ((await owner.call('GET', '/api/card')).json() as PaymentCard[]).find(
      (m) => m.type === 'BANK_ACCOUNT' && m.status === 'unverified',
    )!;
    const unverified = await owner.call('POST', `${BASE}/${cart.token}/set-b2b-payment`, {
      gateway: 'BANK_ACCOUNT',
      paymentMethodId: bank.id,
      amount: cart.totalPrice.cents,
    });
    expect(unverified.json()).toEqual({ detail: CHECKOUT_TEXTS.bankUnverified, code: REFUSAL_CODES.BANK_UNVERIFIED });
    // Lakeside has no credit line: TERMS says why.
    const rep = await signedInAs(t.app, 'insiderep@demo.test', { sapBpCode: 'C100310' });
    const theirs = await cartOf(rep);
    const noCredit = await rep.call('POST', `${BASE}/${theirs.token}/set-b2b-payment`, {
      gateway: 'TERMS',
      amount: theirs.totalPrice.cents,
    });
    expect(noCredit.json()).toEqual({ detail: CHECKOUT_TEXTS.termsNoCredit, code: REFUSAL_CODES.TERMS_NO_CREDIT });
  });

  it('refuses TERMS over what is left of the credit limit', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const cart = await cartOf(owner);
    await t.db
      .update(businessPartners)
      .set({ creditLimitCents: cart.totalPrice.cents - 1 })
      .where(eq(businessPartners.sapBpCode, 'C100234'));
    const res = await complete(owner, cart.token, 'TERMS');
    expect(res.statusCode).toBe(400);
    expect((res.json() as { detail: string }).detail).toMatch(/^Terms are not available: this order is more than/);
    expect((res.json() as { code: string }).code).toBe(REFUSAL_CODES.TERMS_UNAVAILABLE);
    await t.db
      .update(businessPartners)
      .set({ creditLimitCents: 5_000_000 })
      .where(eq(businessPartners.sapBpCode, 'C100234'));
  });
});

describe('completing the checkout (spec 02 §4, §7, §8; issue 18)', () => {
  it('COD: writes the order at the session’s prices, clears the cart, mails a confirmation; a retry answers the same order', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const cart = await cartOf(owner);
    await owner.call('POST', `${BASE}/${cart.token}/set-b2b-po-number`, { poNumber: 'PO-COD-1' });
    const before = (await ordersOf('C100234')).length;
    const key = newKey();
    const res = await complete(owner, cart.token, 'COD', key);
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json() as CompletedCheckout;
    expect(order).toMatchObject({
      status: 'placed',
      poNumber: 'PO-COD-1',
      payment: { kind: 'COD', label: 'Cash on delivery' },
      subtotal: cart.subtotal,
      total: { cents: cart.totalPrice.cents },
      shippingMethodName: cart.currentShippingMethod.name,
      placedBy: { email: 'owner@demo.test', actingFor: null },
    });
    expect(order.number).toMatch(/^SO-\d{6,}$/);
    for (const line of cart.lines) {
      const paid = order.lines.find((l) => l.variant.product.id === line.product.id)!;
      expect(paid).toMatchObject({ quantity: line.quantity, unitPrice: { cents: line.product.price.cents } });
    }
    expect(((await owner.call('GET', `${BASE}/last-b2b-token`)).json() as LastCheckout).token).toBeNull();
    const mail = (await mailsTo(t.db, 'owner@demo.test')).find((m) => m.subject.includes(order.number));
    expect(mail?.text).toContain('PO number: PO-COD-1');

    const again = await complete(owner, cart.token, 'COD', key);
    expect(again.statusCode).toBe(200);
    expect((again.json() as CompletedCheckout).order.id).toBe(order.id);
    expect((await ordersOf('C100234')).length).toBe(before + 1);
    const otherBody = await complete(owner, cart.token, 'TERMS', key);
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual({
      detail: CHECKOUT_TEXTS.idempotencyKeyReused,
      code: REFUSAL_CODES.IDEMPOTENCY_KEY_REUSED,
    });
    expect((await complete(owner, cart.token, 'COD', null)).json()).toEqual({
      detail: CHECKOUT_TEXTS.idempotencyKeyRequired,
      code: REFUSAL_CODES.IDEMPOTENCY_KEY_REQUIRED,
    });
  });

  it('card 4242: charged once for the total, the order names the card; TERMS writes its order too', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const card = await addCard(owner, '4242424242424242');
    const cart = await cartOf(owner);
    const res = await complete(owner, cart.token, card.id);
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json() as CompletedCheckout;
    expect(order.payment).toEqual({ kind: 'CARD', label: 'Visa **** 4242' });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    const charges = await t.db.select().from(processorCharges).where(eq(processorCharges.id, row!.processorChargeId!));
    expect(charges).toEqual([expect.objectContaining({ status: 'succeeded', amountCents: order.total.cents })]);

    const terms = await complete(owner, (await cartOf(owner)).token, 'TERMS');
    expect(terms.statusCode, terms.body).toBe(201);
    expect((terms.json() as CompletedCheckout).order.payment.kind).toBe('TERMS');
  });

  it('a declined card shows the processor’s detail as sent, marks PAYMENT_ERROR and keeps the cart; the ZIP check too', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const declined = await addCard(owner, '4000000000000002');
    const cart = await cartOf(owner);
    const before = (await ordersOf('C100234')).length;
    const key = newKey();
    const res = await complete(owner, cart.token, declined.id, key);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ detail: 'This transaction has been declined.', code: PAYMENT_ERROR });
    const kept = (await owner.call('GET', `${BASE}/last-b2b-token`)).json() as LastCheckout;
    expect(kept.token).toBe(cart.token);
    expect(kept.checkout!.lines.map((l) => l.quantity)).toEqual(cart.lines.map((l) => l.quantity));
    // The retry under the same key answers the same decline, and charges nothing more.
    expect((await complete(owner, cart.token, declined.id, key)).json()).toEqual(res.json());
    const zip = await addCard(owner, '4000000000000036');
    const zipRes = await complete(owner, cart.token, zip.id);
    expect(zipRes.statusCode).toBe(402);
    expect((zipRes.json() as { detail: string }).detail).toContain('The Ship To zip code');
    expect((await ordersOf('C100234')).length).toBe(before);
    // Then a good card places it.
    const good = await addCard(owner, '5555555555554444');
    expect((await complete(owner, cart.token, good.id)).statusCode).toBe(201);
  });

  it('two completes at once with one key make one order; with two keys, one order and the other refused', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const before = (await ordersOf('C100234')).length;
    const cart = await cartOf(owner);
    const key = newKey();
    const [a, b] = await Promise.all([
      complete(owner, cart.token, 'COD', key),
      complete(owner, cart.token, 'COD', key),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect((a.json() as CompletedCheckout).order.id).toBe((b.json() as CompletedCheckout).order.id);
    const next = await cartOf(owner);
    const [c, d] = await Promise.all([complete(owner, next.token, 'COD'), complete(owner, next.token, 'COD')]);
    expect([c.statusCode, d.statusCode].sort()).toEqual([201, 404]);
    expect((await ordersOf('C100234')).length).toBe(before + 2);
  });

  it('two buyers of one business completing on terms at once never pass its credit limit together', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const purchaser = await signedInAs(t.app, 'purchaser@demo.test');
    const [first, second] = [await cartOf(owner), await cartOf(purchaser)];
    expect(second.totalPrice.cents).toBe(first.totalPrice.cents);
    const summary = (await owner.call('GET', '/api/billing-summary')).json() as BillingSummary;
    // Room for one of the two orders, not both.
    const limit = summary.accountBalance.amount + Math.round(first.totalPrice.cents * 1.5);
    const northside = eq(businessPartners.sapBpCode, 'C100234');
    await t.db.update(businessPartners).set({ creditLimitCents: limit }).where(northside);
    try {
      const answers = await Promise.all([
        complete(owner, first.token, 'TERMS'),
        complete(purchaser, second.token, 'TERMS'),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
      const refused = answers.find((a) => a.statusCode === 400)!.json() as { detail: string };
      expect(refused.detail).toMatch(/^Terms are not available: this order is more than/);
    } finally {
      await t.db.update(businessPartners).set({ creditLimitCents: 5_000_000 }).where(northside);
    }
  });

  it('a rep acting for Northside places an order that names the rep and the dealer it was placed for', async () => {
    const rep = await signedInAs(t.app, 'insiderep@demo.test', { sapBpCode: 'C100234' });
    const cart = await cartOf(rep);
    const res = await complete(rep, cart.token, 'COD');
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json() as CompletedCheckout;
    expect(order.placedBy.email).toBe('insiderep@demo.test');
    expect(order.placedBy.actingFor).toBeTruthy();
    expect(order.businessPartner.sapBpCode).toBe('C100234');
  });
});

describe('a crash between the charge and the order (recovery)', () => {
  it('finishes a try whose charge was made (one order, one charge) and undoes one whose charge never happened', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const card = await addCard(owner, '4242424242424242');
    const before = (await ordersOf('C100234')).length;
    // A try decided and charged, then the process died: made here as the crash leaves it.
    const cart = await cartOf(owner);
    const key = newKey();
    const decided = await complete(owner, cart.token, card.id, key);
    expect(decided.statusCode).toBe(201);
    const [attempt] = await t.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, key));
    const orderId = attempt!.orderId!;
    // Undo the order write only (the charge stays with the processor), and mark the try charging again.
    await t.db.delete(orders).where(eq(orders.id, orderId));
    await t.db
      .update(checkoutAttempts)
      .set({ status: 'charging', orderId: null })
      .where(eq(checkoutAttempts.id, attempt!.id));
    const { checkouts } = await import('./schema.ts');
    await t.db.update(checkouts).set({ status: 'completing' }).where(eq(checkouts.id, attempt!.checkoutId));

    // The retry after the crash (or the start of the server) finishes it: one order, the same single charge.
    const retried = await complete(owner, cart.token, card.id, key);
    expect(retried.statusCode, retried.body).toBe(200);
    const after = await ordersOf('C100234');
    expect(after.length).toBe(before + 1);
    const charges = await t.db.select().from(processorCharges).where(eq(processorCharges.idempotencyKey, attempt!.id));
    expect(charges).toHaveLength(1);
    expect(after.find((o) => o.id === (retried.json() as CompletedCheckout).order.id)?.processorChargeId).toBe(
      charges[0]!.id,
    );
  });

  it('a try whose charge never happened ends failed and gives the cart back; nothing is charged by recovery', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const card = await addCard(owner, '4242424242424242');
    const before = (await ordersOf('C100234')).length;
    const cart = await cartOf(owner);
    const key = newKey();
    expect((await complete(owner, cart.token, card.id, key)).statusCode).toBe(201);
    const [attempt] = await t.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, key));
    // As a crash before the charge leaves it: no order, no charge, the try still charging.
    await t.db.delete(orders).where(eq(orders.id, attempt!.orderId!));
    await t.db.delete(processorCharges).where(eq(processorCharges.idempotencyKey, attempt!.id));
    await t.db
      .update(checkoutAttempts)
      .set({ status: 'charging', orderId: null })
      .where(eq(checkoutAttempts.id, attempt!.id));
    const { checkouts } = await import('./schema.ts');
    await t.db.update(checkouts).set({ status: 'completing' }).where(eq(checkouts.id, attempt!.checkoutId));

    const retried = await complete(owner, cart.token, card.id, key);
    expect(retried.statusCode).toBe(402);
    expect(retried.json()).toEqual({ detail: CHECKOUT_TEXTS.paymentChanged, code: PAYMENT_ERROR });
    expect((await ordersOf('C100234')).length).toBe(before);
    expect(await t.db.select().from(processorCharges).where(eq(processorCharges.idempotencyKey, attempt!.id))).toEqual(
      [],
    );
    expect(((await owner.call('GET', `${BASE}/last-b2b-token`)).json() as LastCheckout).token).toBe(cart.token);
  });
});
