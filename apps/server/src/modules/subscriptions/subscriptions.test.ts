import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CART_TEXTS,
  endpoints,
  messages,
  planPriceCents,
  REFUSAL_CODES,
  SUBSCRIPTION_TEXTS,
  taxCentsOf,
  type Checkout,
  type PaymentCard,
  type PlanSales,
  type PlanUpgrade,
  type Purchase,
} from '@portal/contracts';
import { DeviceCloudError } from '../../adapters/devices/index.ts';
import { processorCharges } from '../../adapters/payments/schema.ts';
import { deviceRewards } from '../rewards/schema.ts';
import { planPurchases } from './schema.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { mailsTo } from '../../../test/builders.ts';
import { signedInAs, unchecked, type TestClient } from '../../../test/client.ts';

let t: TestContext;
let owner: TestClient;
let purchaser: TestClient;
let lakeside: TestClient;
let card: PaymentCard;
let declined: PaymentCard;

const NORTHSIDE_DEVICE = '10230000240'; // Premium 1_year, installed for Northside
const LAKESIDE_DEVICE = '10230000280';
const NEW_DEVICE = '10230000234'; // installed for nobody: bought with its ICCID digits
const OTHER_NEW_DEVICE = '10230000235';
const CRASH_DEVICE = '10230000260'; // installed for nobody, bought with '0260'
const CONSUMER_DEVICE = '10230000236'; // installed for nobody: the consumer proves it with '0236'

async function addCard(c: TestClient, number: string) {
  const res = await c.call('POST', '/api/card', {
    number,
    expMonth: '12',
    expYear: String(new Date().getUTCFullYear() + 2),
    cvv: '123',
    name: 'Test Buyer',
    streetAddress1: '1 Test St',
    city: 'Columbus',
    state: 'OH',
    postalCode: '43215',
    countryCode: 'US',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PaymentCard;
}

type Refused = { detail: string; code?: string };
type Line = { device_key: string; plan_id: string; newPricingPlan: string; iccid_last_digits?: string };
const quote = (c: TestClient, lines: Line[]) =>
  c.call(endpoints.subscriptions.purchase, { body: unchecked({ validate: true, line_items: lines }) });
const buy = (c: TestClient, body: object, key?: string) =>
  c.call(endpoints.subscriptions.purchase, {
    body: unchecked(body),
    headers: key ? { 'idempotency-key': key } : {},
  });
let keys = 0;
const newKey = () => `sub-test-${Date.now()}-${++keys}`;

/** Quotes, then buys with the quote: the receipt. */
async function quoteAndBuy(c: TestClient, lines: Line[], method: PaymentCard = card, key = newKey()) {
  const q = await quote(c, lines);
  expect(q.statusCode, q.body).toBe(200);
  const res = await buy(c, { line_items: lines, quote: q.json().quote, payment_method_id: method.id }, key);
  return { quoted: q.json(), res, key };
}

const planOf = async (c: TestClient, deviceKey: string, digits?: string) =>
  (
    await c.call(endpoints.plans.upgrade, {
      query: unchecked({ device_key: deviceKey, ...(digits && { iccid_last_digits: digits }) }),
    })
  ).json<PlanUpgrade>().current;

const chargesCount = async () => (await t.db.select().from(processorCharges)).length;

beforeAll(async () => {
  t = await createTestApp();
  [owner, purchaser, lakeside] = await Promise.all([
    signedInAs(t.app, 'owner@demo.test'),
    signedInAs(t.app, 'purchaser@demo.test'),
    // An outside rep acting for Lakeside Remote Start: another dealer's buyer.
    signedInAs(t.app, 'outsiderep@demo.test', { sapBpCode: 'C100310' }),
  ]);
  card = await addCard(owner, '4242424242424242');
  declined = await addCard(owner, '4000000000000002');
});
afterAll(() => t.close());

describe('the plan purchase: POST /api/payments, GET /api/payments/{uuid}, GET /api/plan-sales (issue 30 item 3)', () => {
  it('the mock run prices every line with the credit of the unused term and the tax, charges nothing and changes nothing', async () => {
    const before = await planOf(owner, NORTHSIDE_DEVICE);
    const charges = await chargesCount();
    const lines = [
      { device_key: NORTHSIDE_DEVICE, plan_id: 'premium_plus', newPricingPlan: '2_year' },
      {
        device_key: NEW_DEVICE.toLowerCase(),
        plan_id: 'basic',
        newPricingPlan: 'month_to_month',
        iccid_last_digits: '0234',
      },
    ];
    const res = await quote(owner, lines);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Purchase>();
    expect(body).toMatchObject({ uuid: null, status: 'quote', currency: 'USD' });
    expect(body.line_items).toEqual([
      expect.objectContaining({
        device_key: NORTHSIDE_DEVICE,
        plan_id: 'premium_plus',
        new_plan_name: 'Premium Plus',
        amount: planPriceCents('premium_plus', '2_year'),
        credit: before!.credit_cents,
      }),
      expect.objectContaining({
        device_key: NEW_DEVICE,
        amount: planPriceCents('basic', 'month_to_month'),
        credit: 0,
        expires_at: null,
      }),
    ]);
    expect(body.line_items[0]!.credit).toBeGreaterThan(0);
    expect(body.base_amount).toBe(planPriceCents('premium_plus', '2_year') + planPriceCents('basic', 'month_to_month'));
    expect(body.currency_discount).toBe(before!.credit_cents);
    // The tax is product checkout's, on the business's ship-to address, on what is charged for the plans.
    const cart = (
      await owner.call(endpoints.cart.putSubscriptionLine, {
        body: unchecked({ device_key: NORTHSIDE_DEVICE, plan_id: 'premium_plus', newPricingPlan: '2_year' }),
      })
    ).json<Checkout>();
    expect(body.base_tax).toBe(taxCentsOf(body.base_amount - body.currency_discount, cart.tax.rateBp));
    expect(body.final_charge).toBe(body.base_amount - body.currency_discount + body.base_tax);
    expect(body.quote).toMatch(/^[0-9a-f]{32}$/);
    // The same request quotes the same; nothing was charged, no plan changed, nothing written.
    expect((await quote(owner, lines)).json<Purchase>().quote).toBe(body.quote);
    expect(await chargesCount()).toBe(charges);
    expect(await planOf(owner, NORTHSIDE_DEVICE)).toEqual(before);
    expect(await t.db.select().from(planPurchases)).toHaveLength(0);
  });

  it('all or nothing: every line that can not be bought is named by device, and nothing is charged', async () => {
    const charges = await chargesCount();
    const lines = [
      { device_key: NORTHSIDE_DEVICE, plan_id: 'basic', newPricingPlan: '1_year' }, // lower: not an upgrade
      { device_key: LAKESIDE_DEVICE, plan_id: 'ultimate', newPricingPlan: '6_year' }, // another dealer's
      { device_key: OTHER_NEW_DEVICE, plan_id: 'basic', newPricingPlan: '1_year' }, // no proof of possession
      { device_key: NEW_DEVICE, plan_id: 'basic', newPricingPlan: '1_year', iccid_last_digits: '0234' },
      { device_key: NEW_DEVICE, plan_id: 'premium', newPricingPlan: '1_year', iccid_last_digits: '0234' },
    ];
    const mock = await quote(owner, lines);
    expect(mock.statusCode).toBe(422);
    const failed = mock.json<{ detail: string; failed_items: { device_key: string; detail: string }[] }>();
    expect(failed.detail).toBe(SUBSCRIPTION_TEXTS.linesFailed);
    expect(failed.failed_items).toEqual([
      { device_key: NORTHSIDE_DEVICE, detail: SUBSCRIPTION_TEXTS.notAnUpgrade },
      { device_key: LAKESIDE_DEVICE, detail: SUBSCRIPTION_TEXTS.deviceNotFound },
      { device_key: OTHER_NEW_DEVICE, detail: expect.any(String) },
      { device_key: NEW_DEVICE, detail: SUBSCRIPTION_TEXTS.oneLinePerDevice },
    ]);
    // The real run answers the same, before any charge.
    const real = await buy(owner, { line_items: lines, quote: 'x', payment_method_id: card.id }, newKey());
    expect(real.statusCode).toBe(422);
    expect(real.json()).toEqual(failed);
    expect(await chargesCount()).toBe(charges);
  });

  it('a device installed for nobody needs no ICCID digits again when its line is in the buyer’s cart (put there with them)', async () => {
    const line = { device_key: OTHER_NEW_DEVICE, plan_id: 'basic', newPricingPlan: '1_year' };
    const put = await purchaser.call(endpoints.cart.putSubscriptionLine, {
      body: unchecked({ ...line, iccid_last_digits: '0235' }),
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await quote(purchaser, [line]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Purchase>().line_items[0]).toMatchObject({ device_key: OTHER_NEW_DEVICE, credit: 0 });
    // Another buyer's cart is not this one's proof; nor is the line once taken out.
    const other = await quote(owner, [line]);
    expect(other.json<Refused & { failed_items: unknown }>().failed_items).toEqual([
      { device_key: OTHER_NEW_DEVICE, detail: expect.any(String) },
    ]);
    const out = await purchaser.call(endpoints.cart.deleteSubscriptionLine, {
      params: { device_key: OTHER_NEW_DEVICE },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await quote(purchaser, [line])).statusCode).toBe(422);
  });

  it('the real run: key, quote and payment method required; a declined card answers 402 with the processor’s words', async () => {
    const lines = [{ device_key: NORTHSIDE_DEVICE, plan_id: 'premium', newPricingPlan: '3_year' }];
    const q = (await quote(owner, lines)).json<Purchase>();
    const noKey = await buy(owner, { line_items: lines, quote: q.quote, payment_method_id: card.id });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({
      detail: SUBSCRIPTION_TEXTS.idempotencyKeyRequired,
      code: REFUSAL_CODES.IDEMPOTENCY_KEY_REQUIRED,
    });
    const noQuote = await buy(owner, { line_items: lines, payment_method_id: card.id }, newKey());
    expect(noQuote.statusCode).toBe(400);
    expect(noQuote.json<Refused>().detail).toBe(SUBSCRIPTION_TEXTS.quoteRequired);
    const noMethod = await buy(owner, { line_items: lines, quote: q.quote }, newKey());
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json<Refused>().code).toBe(REFUSAL_CODES.PAYMENT_METHOD_REQUIRED);
    const empty = await buy(owner, { line_items: [], quote: q.quote }, newKey());
    expect(empty.statusCode).toBe(400);

    const before = await planOf(owner, NORTHSIDE_DEVICE);
    const key = newKey();
    const res = await buy(owner, { line_items: lines, quote: q.quote, payment_method_id: declined.id }, key);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ detail: 'This transaction has been declined.', code: REFUSAL_CODES.PAYMENT_ERROR });
    expect(await planOf(owner, NORTHSIDE_DEVICE)).toEqual(before);
    // Its retry answers the same decline.
    const again = await buy(owner, { line_items: lines, quote: q.quote, payment_method_id: declined.id }, key);
    expect(again.json()).toEqual(res.json());
  });

  it('pays once, puts the plan on the device, answers the receipt to a retry, empties the cart line, mails the buyer', async () => {
    const lines = [{ device_key: NORTHSIDE_DEVICE, plan_id: 'premium_plus', newPricingPlan: '2_year' }];
    const charges = await chargesCount();
    const { quoted, res, key } = await quoteAndBuy(owner, lines);
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json<Purchase>();
    expect(receipt).toMatchObject({
      status: 'paid',
      quote: quoted.quote,
      final_charge: quoted.final_charge,
      method: expect.stringContaining('4242'),
      paid_by: expect.any(String),
    });
    expect(receipt.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(receipt.number).toMatch(/^PS-5\d{5}$/);
    expect(receipt.transaction_id).toBeTruthy();
    expect(await chargesCount()).toBe(charges + 1);
    // Charged exactly what the mock run showed: the processor's own record of the charge.
    const [charged] = await t.db
      .select()
      .from(processorCharges)
      .where(eq(processorCharges.id, receipt.transaction_id!));
    expect(charged).toMatchObject({ amountCents: quoted.final_charge, currency: quoted.currency, status: 'succeeded' });

    // The device now has the plan, with the term from today.
    const now = await planOf(owner, NORTHSIDE_DEVICE);
    expect(now).toMatchObject({ plan_id: 'premium_plus', duration: '2_year' });
    expect(now!.expires_at).toBe(receipt.line_items[0]!.expires_at);

    // A retry (same key, same body) answers the same receipt and charges nothing more.
    const retried = await buy(owner, { line_items: lines, quote: quoted.quote, payment_method_id: card.id }, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(receipt);
    expect(await chargesCount()).toBe(charges + 1);
    // The same key with another body is refused.
    const reused = await buy(owner, { line_items: lines, quote: 'other', payment_method_id: card.id }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json<Refused>().detail).toBe(SUBSCRIPTION_TEXTS.idempotencyKeyReused);

    // Bought: the cart's line for the device is gone; the buyer has the receipt by mail.
    const cart = (await owner.call(endpoints.cart.last)).json<{ checkout: Checkout | null }>();
    expect(cart.checkout?.subscriptionLines ?? []).toEqual([]);
    const [mail] = await mailsTo(t.db, 'owner@demo.test');
    expect(mail!.subject).toBe(SUBSCRIPTION_TEXTS.receiptSubject(receipt.number!));

    // The receipt by its uuid, for the business's people; another dealer's or an unknown one: 404.
    const read = await purchaser.call(endpoints.subscriptions.receipt, { params: { uuid: receipt.uuid! } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(receipt);
    const other = await lakeside.call(endpoints.subscriptions.receipt, { params: { uuid: receipt.uuid! } });
    expect(other.statusCode).toBe(404);
    expect(other.json<Refused>().detail).toBe(SUBSCRIPTION_TEXTS.receiptNotFound);
    const unknown = await owner.call(endpoints.subscriptions.receipt, { params: { uuid: 'not-a-uuid' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('a quote whose price changed since it was shown is refused, and nothing is charged', async () => {
    // Quoted on the device's plan now; then another purchase moves it, which changes the credit.
    const lines = [{ device_key: NORTHSIDE_DEVICE, plan_id: 'ultimate', newPricingPlan: '3_year' }];
    const stale = (await quote(owner, lines)).json<Purchase>();
    const moved = await quoteAndBuy(owner, [
      { device_key: NORTHSIDE_DEVICE, plan_id: 'premium_plus', newPricingPlan: '3_year' },
    ]);
    expect(moved.res.statusCode, moved.res.body).toBe(200);
    const charges = await chargesCount();
    const res = await buy(owner, { line_items: lines, quote: stale.quote, payment_method_id: card.id }, newKey());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      detail: SUBSCRIPTION_TEXTS.quoteChanged,
      code: REFUSAL_CODES.CHANGED_SINCE_SHOWN,
    });
    expect(await chargesCount()).toBe(charges);
  });

  it('two buyers of one business buying one device at once: one pays, the other is told it changed; one charge', async () => {
    const lines = [{ device_key: NORTHSIDE_DEVICE, plan_id: 'ultimate', newPricingPlan: '5_year' }];
    const [shown, alsoShown] = await Promise.all([quote(owner, lines), quote(purchaser, lines)]);
    expect(shown.json<Purchase>().quote).toBe(alsoShown.json<Purchase>().quote);
    const charges = await chargesCount();
    const body = { line_items: lines, quote: shown.json<Purchase>().quote, payment_method_id: card.id };
    const answers = await Promise.all([buy(owner, body, newKey()), buy(purchaser, body, newKey())]);
    const paid = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode !== 200);
    expect(paid, answers.map((res) => res.body).join('\n')).toHaveLength(1);
    // Decided while the other was paying (409), or read after it was paid: the plan is no longer an upgrade (422).
    const other = refused[0]!;
    if (other.statusCode === 409)
      expect([REFUSAL_CODES.CHANGED_SINCE_SHOWN, REFUSAL_CODES.IN_PROGRESS]).toContain(other.json<Refused>().code);
    else
      expect(other.json()).toMatchObject({
        failed_items: [{ device_key: NORTHSIDE_DEVICE, detail: SUBSCRIPTION_TEXTS.notAnUpgrade }],
      });
    expect(await chargesCount()).toBe(charges + 1);
  });

  it('the device cloud refusing the plan ends the purchase failed: the charge is voided, the plans put back', async () => {
    const lines = [
      { device_key: NEW_DEVICE, plan_id: 'premium', newPricingPlan: '1_year', iccid_last_digits: '0234' },
      { device_key: NORTHSIDE_DEVICE, plan_id: 'ultimate', newPricingPlan: '6_year' },
    ];
    const before = await planOf(owner, NORTHSIDE_DEVICE);
    const setPlan = t.devices.setPlan.bind(t.devices);
    // The first device takes its plan; the second is offline.
    t.devices.setPlan = async (deviceKey, plan) => {
      if (deviceKey === NORTHSIDE_DEVICE) throw new DeviceCloudError('DEVICE_OFFLINE', 'The device is offline');
      return setPlan(deviceKey, plan);
    };
    try {
      const { res, key } = await quoteAndBuy(owner, lines);
      expect(res.statusCode).toBe(409);
      expect(res.json<Refused>().detail).toBe(SUBSCRIPTION_TEXTS.applyFailed);
      const [row] = await t.db.select().from(planPurchases).where(eq(planPurchases.idempotencyKey, key));
      expect(row!.status).toBe('failed');
      const charged = await t.db.select().from(processorCharges).where(eq(processorCharges.idempotencyKey, row!.id));
      expect(charged.map((c) => c.status)).toEqual(['voided']);
    } finally {
      t.devices.setPlan = setPlan;
    }
    expect(await planOf(owner, NEW_DEVICE, '0234')).toBeNull();
    expect(await planOf(owner, NORTHSIDE_DEVICE)).toEqual(before);
  });

  it('a crash after the plans were applied and before the receipt: the retry settles it — one charge kept, the receipt, the plan', async () => {
    const lines = [
      { device_key: CRASH_DEVICE, plan_id: 'premium', newPricingPlan: '1_year', iccid_last_digits: '0260' },
    ];
    const charges = await chargesCount();
    const { quoted, res, key } = await quoteAndBuy(owner, lines);
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json<Purchase>();
    // What a kill -9 after apply-plans leaves (crash.test.ts kills the void branch for real): the charge made, the plan
    // on the device, the try still charging with no receipt, and older than the recovery delay.
    await t.db
      .update(planPurchases)
      .set({ status: 'charging', receipt: null, processorChargeId: null, createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(planPurchases.id, first.uuid!));

    // The buyer's retry under the same key settles it from what the processor and the cloud say: written, not voided.
    const retried = await buy(owner, { line_items: lines, quote: quoted.quote, payment_method_id: card.id }, key);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<Purchase>()).toMatchObject({
      uuid: first.uuid,
      status: 'paid',
      number: first.number,
      transaction_id: first.transaction_id,
      final_charge: quoted.final_charge,
    });
    expect(await chargesCount()).toBe(charges + 1);
    const [charge] = await t.db.select().from(processorCharges).where(eq(processorCharges.idempotencyKey, first.uuid!));
    expect(charge).toMatchObject({ status: 'succeeded', amountCents: quoted.final_charge });
    expect(await planOf(owner, CRASH_DEVICE, '0260')).toMatchObject({ plan_id: 'premium', duration: '1_year' });
  });

  it('records the installer’s reward of a device activated for the dealer', async () => {
    const started = await purchaser.call(endpoints.activations.start, {
      body: { device_key: OTHER_NEW_DEVICE, activation_type: 'new-device', iccid_last_digits: '0235' },
    });
    expect(started.statusCode, started.body).toBeLessThan(300);
    const { res } = await quoteAndBuy(owner, [
      { device_key: OTHER_NEW_DEVICE, plan_id: 'premium', newPricingPlan: '2_year', iccid_last_digits: '0235' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const rewards = await t.db
      .select()
      .from(deviceRewards)
      .where(and(eq(deviceRewards.deviceKey, OTHER_NEW_DEVICE)));
    expect(rewards).toEqual([expect.objectContaining({ plan: 'premium', duration: '2_year', status: 'pending' })]);
  });

  it('plan sales: the business’s paid purchases newest first, between two UTC days, with the totals of them all', async () => {
    const all = (await owner.call(endpoints.subscriptions.sales, { query: {} })).json<PlanSales>();
    const paid = await t.db.select().from(planPurchases).where(eq(planPurchases.status, 'paid'));
    expect(all.count).toBe(paid.length);
    expect(all.count).toBeGreaterThanOrEqual(3);
    expect(all.results.map((r) => r.created)).toEqual([...all.results.map((r) => r.created)].sort().reverse());
    expect(all.totals).toEqual({
      final_charge: paid.reduce((s, p) => s + p.finalChargeCents, 0),
      subtotal: paid.reduce((s, p) => s + p.baseAmountCents, 0),
      sales_tax: paid.reduce((s, p) => s + p.baseTaxCents, 0),
    });
    expect(all.results[0]).toMatchObject({ transaction_id: expect.any(String), devices: [expect.any(String)] });

    const page = (
      await owner.call(endpoints.subscriptions.sales, { query: unchecked({ limit: 1, offset: 1 }) })
    ).json<PlanSales>();
    expect(page.results).toEqual([all.results[1]]);
    expect(page.totals).toEqual(all.totals);
    // From the UTC day of the oldest purchase to today (the demo's are dated hours back: near midnight, two days).
    const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);
    const oldest = Math.min(...paid.map((p) => new Date(p.createdAt).getTime()));
    const today = dayOf(Date.now());
    const days = (
      await owner.call(endpoints.subscriptions.sales, {
        query: unchecked({ from_date: dayOf(oldest), to_date: today }),
      })
    ).json<PlanSales>();
    expect(days.count).toBe(all.count);
    const before = dayOf(oldest - 86_400_000);
    const none = (
      await owner.call(endpoints.subscriptions.sales, { query: unchecked({ to_date: before }) })
    ).json<PlanSales>();
    expect(none).toEqual({ results: [], count: 0, totals: { final_charge: 0, subtotal: 0, sales_tax: 0 } });
    // Days that are not days (the database would refuse year 0 or 30 February) and a reversed range: 400.
    for (const query of [
      { from_date: '2026-13-45x' },
      { to_date: '0000-00-00' },
      { from_date: '2026-02-30' },
      { from_date: today, to_date: before },
    ])
      expect((await owner.call(endpoints.subscriptions.sales, { query: unchecked(query) })).statusCode).toBe(400);
    // Another dealer sees none of them.
    const other = (await lakeside.call(endpoints.subscriptions.sales, { query: {} })).json<PlanSales>();
    expect(other.results.filter((r) => all.results.some((a) => a.uuid === r.uuid))).toEqual([]);
  });

  it('who may buy: purchasing rights and a business, or a consumer', async () => {
    const installer = await signedInAs(t.app, 'installer@demo.test');
    const lines = [{ device_key: NORTHSIDE_DEVICE, plan_id: 'ultimate', newPricingPlan: '6_year' }];
    expect((await quote(installer, lines)).statusCode).toBe(403);
    expect((await installer.call(endpoints.subscriptions.sales, { query: {} })).statusCode).toBe(403);
    const put = await installer.call(endpoints.cart.putSubscriptionLine, { body: unchecked(lines[0]) });
    expect(put.statusCode).toBe(403);
    expect(put.json<Refused>().detail).toBe(CART_TEXTS.noPurchasingRights);
  });

  it('a consumer buys the plan of a device they may drive (installed for nobody: its ICCID digits), never another’s, never products', async () => {
    const consumer = await signedInAs(t.app, 'consumer@demo.test');
    const own = await addCard(consumer, '4242424242424242');
    // Into their cart with the digits printed on the unit; the cart (and its badge) holds the plan line.
    const line = { device_key: CONSUMER_DEVICE, plan_id: 'premium', newPricingPlan: '1_year' };
    const withoutDigits = await consumer.call(endpoints.cart.putSubscriptionLine, { body: unchecked(line) });
    expect(withoutDigits.statusCode).toBe(403);
    const put = await consumer.call(endpoints.cart.putSubscriptionLine, {
      body: unchecked({ ...line, iccid_last_digits: '0236' }),
    });
    expect(put.statusCode, put.body).toBe(200);
    const cart = (await consumer.call(endpoints.cart.last)).json<{ checkout: Checkout | null }>();
    expect(cart.checkout?.subscriptionLines?.map((l) => l.device_key)).toEqual([CONSUMER_DEVICE]);
    expect(cart.checkout?.lines).toEqual([]);

    // Another dealer's device is a failed line, as for any buyer: nothing of it is told.
    const others = await quote(consumer, [
      { device_key: NORTHSIDE_DEVICE, plan_id: 'ultimate', newPricingPlan: '6_year' },
    ]);
    expect(others.statusCode).toBe(422);
    expect(others.json<{ failed_items: unknown }>().failed_items).toEqual([
      { device_key: NORTHSIDE_DEVICE, detail: SUBSCRIPTION_TEXTS.deviceNotFound },
    ]);

    // Paid with their own card, at exactly the quote; the plan is on the device, the line out of the cart.
    const charges = await chargesCount();
    const { quoted, res } = await quoteAndBuy(consumer, [line], own);
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json<Purchase>();
    expect(receipt).toMatchObject({ status: 'paid', final_charge: quoted.final_charge, currency: 'USD' });
    const [charged] = await t.db
      .select()
      .from(processorCharges)
      .where(eq(processorCharges.id, receipt.transaction_id!));
    expect(charged!.amountCents).toBe(quoted.final_charge);
    expect(await chargesCount()).toBe(charges + 1);
    expect(await planOf(consumer, CONSUMER_DEVICE, '0236')).toMatchObject({ plan_id: 'premium', duration: '1_year' });
    const after = (await consumer.call(endpoints.cart.last)).json<{ checkout: Checkout | null }>();
    expect(after.checkout?.subscriptionLines ?? []).toEqual([]);
    // Their receipt and their own plan sales; the dealer's people do not see it.
    expect((await consumer.call(endpoints.subscriptions.receipt, { params: { uuid: receipt.uuid! } })).statusCode).toBe(
      200,
    );
    const sales = (await consumer.call(endpoints.subscriptions.sales, { query: {} })).json<PlanSales>();
    expect(sales.results.map((r) => r.uuid)).toEqual([receipt.uuid]);
    expect((await owner.call(endpoints.subscriptions.receipt, { params: { uuid: receipt.uuid! } })).statusCode).toBe(
      404,
    );

    // Products stay a dealer's (spec 02 §1): the consumer's own words.
    const product = await consumer.call(endpoints.cart.create, { body: unchecked({ lines: [] }) });
    expect(product.statusCode).toBe(403);
    expect(product.json<Refused>().detail).toBe(messages.consumerNoProductCheckout);
  });
});
