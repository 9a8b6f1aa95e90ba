import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  BILLING_TEXTS,
  CHECKOUT_TEXTS,
  INVOICE_TERMS,
  PARTIAL_PAYMENT_NOT_ALLOWED,
  PAYMENT_ERROR,
  REFUSAL_CODES,
  addDays,
  type BillingSummary,
  type Checkout,
  type CompletedCheckout,
  type CreditMemoDetail,
  type InvoiceDetail,
  type LastCheckout,
  type PayInvoicesRequest,
  type PaymentCard,
  type Receipt,
} from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, type TestClient } from '../../../test/client.ts';
import { idOf, mailsTo, partnerByCode } from '../../../test/builders.ts';
import { businessPartners } from '../business-partners/schema.ts';
import { processorCharges } from '../../adapters/payments/schema.ts';
import { creditMemos, invoicePayments, invoices, paymentApplications } from './schema.ts';
import { ledgerMismatches } from './repo/index.ts';
import {
  aSoldProduct,
  newCreditMemo as buildCreditMemo,
  newInvoice as buildInvoice,
  undoLedgerWrite,
} from '../../../test/ledger-builders.ts';

let t: TestContext;
let northsideId: string;
let lakesideId: string;
let ownerId: string;
let productId: string;
let owner: TestClient;
let accountant: TestClient;
/** Northside's main card (DEMO-DATA: Visa 4242). */
let visa: PaymentCard;

const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  northsideId = (await partnerByCode(t.db, 'C100234')).id;
  lakesideId = (await partnerByCode(t.db, 'C100310')).id;
  ownerId = await idOf(t.db, 'owner@demo.test');
  productId = await aSoldProduct(t.db);
  [owner, accountant] = await Promise.all([
    signedInAs(t.app, 'owner@demo.test'),
    signedInAs(t.app, 'accountant@demo.test'),
  ]);
  visa = ((await owner.call('GET', '/api/card')).json() as PaymentCard[]).find((m) => m.type === 'CARD')!;
});
afterAll(() => t.close());

// The ledger agrees with itself after every case: each invoice's and credit memo's running sums are the
// sums of their applications, each succeeded payment's sums are its applications', and the balances the
// business partner shows are the open amounts of its invoices.
afterEach(async () => {
  vi.useRealTimers();
  expect(await ledgerMismatches(t.db)).toEqual([]);
  const payments = await t.db.select().from(invoicePayments).where(eq(invoicePayments.status, 'succeeded'));
  const applications = await t.db.select().from(paymentApplications);
  for (const payment of payments) {
    const own = applications.filter((a) => a.paymentId === payment.id);
    const sum = (key: 'cashCents' | 'creditCents' | 'discountCents') => own.reduce((s, a) => s + a[key], 0);
    expect([sum('cashCents'), sum('creditCents'), sum('discountCents')], payment.id).toEqual([
      payment.chargedCents,
      payment.creditCents,
      payment.discountCents,
    ]);
  }
  for (const [client, partnerId] of [
    [owner, northsideId],
    [await rep('C100310'), lakesideId],
  ] as const) {
    const rows = await t.db.select().from(invoices).where(eq(invoices.businessPartnerId, partnerId));
    const open = rows.map((r) => ({ open: r.totalCents - r.paidCents - r.discountTakenCents, due: r.dueDate }));
    const summary = (await client.call('GET', '/api/billing-summary')).json() as BillingSummary;
    expect({
      balance: summary.accountBalance.amount,
      pastDue: summary.pastDue.amount.amount,
      count: summary.invoiceCount,
    }).toEqual({
      balance: open.reduce((s, r) => s + r.open, 0),
      pastDue: open.filter((r) => r.open > 0 && r.due < today()).reduce((s, r) => s + r.open, 0),
      count: rows.length,
    });
  }
});

const reps = new Map<string, Promise<TestClient>>();
/** The inside rep acting for a business (one session per business). */
const rep = (sapBpCode: string) => {
  let client = reps.get(sapBpCode);
  if (!client) reps.set(sapBpCode, (client = signedInAs(t.app, 'insiderep@demo.test', { sapBpCode })));
  return client;
};

/** A new invoice of a business (Northside unless told), as an order on terms writes it. */
const newInvoice = (options: { partnerId?: string; totalCents?: number; daysAgo?: number; at?: Date } = {}) =>
  buildInvoice(t.db, { ...options, partnerId: options.partnerId ?? northsideId, userId: ownerId, productId });

let keys = 0;
const newKey = () => `pay-test-${Date.now()}-${++keys}`;

/** POST /api/pay-invoice as the browser sends it, with its Idempotency-Key. */
function pay(c: TestClient, body: PayInvoicesRequest | object, key: string | null = newKey()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/pay-invoice',
    payload: body,
    remoteAddress: c.remoteAddress,
    headers: { cookie: c.jar.header(), ...(key ? { 'idempotency-key': key } : {}) },
  });
}

const detailOf = async (c: TestClient, id: string) => {
  const res = await c.call('POST', '/api/invoice', { id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InvoiceDetail;
};
const rowOf = async (id: string) => (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
const fieldsOf = (body: unknown) =>
  Object.fromEntries(
    ((body as { validation?: { field: string; messages: string[] }[] }).validation ?? []).map((v) => [
      v.field,
      v.messages,
    ]),
  );
const chargesOf = (paymentId: string) =>
  t.db.select().from(processorCharges).where(eq(processorCharges.idempotencyKey, paymentId));
const summaryOf = async (c: TestClient) => (await c.call('GET', '/api/billing-summary')).json() as BillingSummary;

async function addCard(c: TestClient, number: string) {
  const res = await c.call('POST', '/api/card', {
    number,
    expMonth: '12',
    expYear: String(new Date().getUTCFullYear() + 2),
    cvv: '123',
    name: 'Test Payer',
    streetAddress1: '1 Test St',
    city: 'Columbus',
    state: 'OH',
    postalCode: '43215',
    countryCode: 'US',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PaymentCard;
}

/** A credit memo of a business with `amountCents` to apply. */
const newCreditMemo = (amountCents: number, partnerId = northsideId) => buildCreditMemo(t.db, partnerId, amountCents);

describe('paying invoices (spec 02 §4; issue 19)', () => {
  it('pays two invoices with a credit memo applied and the early-pay discount on one; receipt, mail and new balance', async () => {
    const fresh = await newInvoice({ totalCents: 120_000, daysAgo: 2 }); // inside its window: 2 % off
    const older = await newInvoice({ totalCents: 80_000, daysAgo: 15 }); // window closed
    const memo = await newCreditMemo(30_000);
    const before = await summaryOf(accountant);
    const freshDetail = await detailOf(accountant, fresh.id);
    expect(freshDetail.payoffAmount.amount).toBe(120_000 - 2_400);
    expect(freshDetail.early_pay_discount_details).toEqual([
      {
        number_of_days: 10,
        discount_bp: 200,
        last_day: addDays(fresh.createDate, 9),
        discount: { amount: 2_400 },
      },
    ]);

    const res = await pay(accountant, {
      invoices: [
        { id: fresh.id, paymentAmount: 117_600 },
        { id: older.id, paymentAmount: 80_000 },
      ],
      creditMemos: [{ id: memo.id }],
      paymentMethodId: visa.id,
      expectedTotal: 117_600 + 80_000 - 30_000,
    });
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json() as Receipt;
    expect(receipt).toMatchObject({
      number: expect.stringMatching(/^RCPT-4\d{5,}$/) as unknown,
      businessPartner: { sapBpCode: 'C100234', companyName: 'Northside Auto Sound' },
      invoices: [
        { id: fresh.id, paid: { amount: 117_600 }, discount: { amount: 2_400 }, isPaid: true },
        { id: older.id, paid: { amount: 80_000 }, discount: { amount: 0 }, isPaid: true },
      ],
      creditMemos: [{ id: memo.id, applied: { amount: 30_000 } }],
      discount: { amount: 2_400 },
      credit: { amount: 30_000 },
      charged: { amount: 167_600 },
      method: 'Visa **** 4242',
      paidBy: { name: 'Priya Natarajan', actingFor: null },
      accountBalance: { amount: before.accountBalance.amount - 120_000 - 80_000 },
    });
    // One charge of the rest, by the payment's id.
    const charges = await chargesOf(receipt.id);
    expect(charges).toEqual([expect.objectContaining({ status: 'succeeded', amountCents: 167_600 })]);
    // The credit went to the first invoice (in the order sent), cash covered the rest.
    expect(await rowOf(fresh.id)).toMatchObject({
      paidCents: 117_600,
      discountTakenCents: 2_400,
      heldByPaymentId: null,
    });
    const applied = await t.db.select().from(paymentApplications).where(eq(paymentApplications.paymentId, receipt.id));
    expect(
      applied.map((a) => [a.invoiceId, a.creditMemoId, a.cashCents, a.creditCents, a.discountCents]).sort(),
    ).toEqual(
      [
        [fresh.id, memo.id, 0, 30_000, 0],
        [fresh.id, null, 87_600, 0, 2_400],
        [older.id, null, 80_000, 0, 0],
      ].sort(),
    );
    const mail = (await mailsTo(t.db, 'accountant@demo.test')).find(
      (m) => m.subject === BILLING_TEXTS.receiptSubject(receipt.number),
    );
    expect(mail?.text).toContain('Charged: $1,676.00 to Visa **** 4242');

    // The invoice shows who paid, how, and the credit memo drawn on it; the memo where it went.
    const shown = await detailOf(owner, fresh.id);
    expect(shown).toMatchObject({
      status: 'paid',
      isPaid: true,
      payoffAmount: { amount: 0 },
      open_amount: { amount: 0 },
    });
    expect(shown.payments).toEqual([
      {
        receiptNumber: receipt.number,
        date: receipt.date,
        amount: { amount: 87_600 },
        credit: { amount: 30_000 },
        discount: { amount: 2_400 },
        method: 'Visa **** 4242',
        paidBy: { name: 'Priya Natarajan', actingFor: null },
      },
    ]);
    expect(shown.creditMemos).toEqual([{ id: memo.id, number: `CM-${memo.number}` }]);
    const memoShown = (await owner.call('POST', '/api/credit-memo', { id: memo.id })).json() as CreditMemoDetail;
    expect(memoShown).toMatchObject({
      amount_left: { amount: 0 },
      applications: [{ receiptNumber: receipt.number, amount: { amount: 30_000 } }],
    });
  });

  it('the discount holds on the last day of its window and not the day after (the clock moves)', async () => {
    const placed = new Date();
    const first = await newInvoice({ totalCents: 100_000, at: placed });
    const second = await newInvoice({ totalCents: 100_000, at: placed });
    const created = placed.toISOString().slice(0, 10);

    // create_date + number_of_days − 1: the last day the discount holds.
    vi.setSystemTime(new Date(`${addDays(created, INVOICE_TERMS.discountDays - 1)}T23:59:00Z`));
    const lastDay = await detailOf(owner, first.id);
    expect(lastDay.payoffAmount.amount).toBe(98_000);
    const paid = await pay(owner, { invoices: [{ id: first.id, paymentAmount: 98_000 }], paymentMethodId: visa.id });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((paid.json() as Receipt).invoices[0]).toMatchObject({ discount: { amount: 2_000 }, isPaid: true });

    // The day after: no discount; the old payoff is now a partial payment, the full amount pays it off.
    vi.setSystemTime(new Date(`${addDays(created, INVOICE_TERMS.discountDays)}T00:01:00Z`));
    const dayAfter = await detailOf(owner, second.id);
    expect(dayAfter.payoffAmount.amount).toBe(100_000);
    expect(dayAfter.early_pay_discount_details[0]!.last_day).toBe(addDays(created, 9));
    const full = await pay(owner, { invoices: [{ id: second.id, paymentAmount: 100_000 }], paymentMethodId: visa.id });
    expect(full.statusCode, full.body).toBe(201);
    expect((full.json() as Receipt).invoices[0]).toMatchObject({ discount: { amount: 0 }, isPaid: true });
  });

  it('the discount by the invoice date too: nine days old holds it, ten days old does not', async () => {
    const nine = await newInvoice({ totalCents: 40_000, daysAgo: INVOICE_TERMS.discountDays - 1 });
    const ten = await newInvoice({ totalCents: 40_000, daysAgo: INVOICE_TERMS.discountDays });
    expect((await detailOf(owner, nine.id)).payoffAmount.amount).toBe(39_200);
    expect((await detailOf(owner, ten.id)).payoffAmount.amount).toBe(40_000);
    // Paying the discounted figure on the ten-day-old one is a partial payment: it stays open.
    const res = await pay(owner, { invoices: [{ id: ten.id, paymentAmount: 39_200 }], paymentMethodId: visa.id });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as Receipt).invoices[0]).toMatchObject({ discount: { amount: 0 }, isPaid: false });
    expect(await detailOf(owner, ten.id)).toMatchObject({ status: 'open', open_amount: { amount: 800 } });
  });

  it('a partial payment: allowed on a large invoice (no discount), refused under $100 with PARTIAL_PAYMENT_NOT_ALLOWED', async () => {
    const large = await newInvoice({ totalCents: 60_000, daysAgo: 1 });
    const res = await pay(owner, { invoices: [{ id: large.id, paymentAmount: 20_000 }], paymentMethodId: visa.id });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as Receipt).discount.amount).toBe(0);
    const after = await detailOf(owner, large.id);
    expect(after).toMatchObject({
      status: 'open',
      paid_against_invoice: { amount: 20_000 },
      // The discount still holds on what is left, once, when it is paid off.
      payoffAmount: { amount: 40_000 - 1_200 },
      partialPaymentAllowed: true,
    });

    const small = await newInvoice({ totalCents: INVOICE_TERMS.partialMinTotalCents - 1, daysAgo: 20 });
    expect((await detailOf(owner, small.id)).partialPaymentAllowed).toBe(false);
    const partial = await pay(owner, { invoices: [{ id: small.id, paymentAmount: 5_000 }], paymentMethodId: visa.id });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toEqual({ detail: BILLING_TEXTS.partialNotAllowed, code: PARTIAL_PAYMENT_NOT_ALLOWED });
    expect(await rowOf(small.id)).toMatchObject({ paidCents: 0, attemptedPaymentCents: null });
  });

  it('replayed with the same key pays once; the key with another body is refused; a key is required', async () => {
    const invoice = await newInvoice({ totalCents: 30_000, daysAgo: 12 });
    const key = newKey();
    const body = { invoices: [{ id: invoice.id, paymentAmount: 30_000 }], paymentMethodId: visa.id };
    const first = await pay(owner, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await pay(owner, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await chargesOf((first.json() as Receipt).id)).toHaveLength(1);
    expect(await t.db.select().from(invoicePayments).where(eq(invoicePayments.idempotencyKey, key))).toHaveLength(1);
    expect(await rowOf(invoice.id)).toMatchObject({ paidCents: 30_000 });

    const other = await pay(owner, { ...body, expectedTotal: 30_000 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      detail: BILLING_TEXTS.idempotencyKeyReused,
      code: REFUSAL_CODES.IDEMPOTENCY_KEY_REUSED,
    });
    for (const missing of [null, 'short', 'has spaces in it', 'x'.repeat(101)]) {
      const res = await pay(owner, body, missing);
      expect(res.statusCode, String(missing)).toBe(400);
      expect(res.json()).toEqual({
        detail: BILLING_TEXTS.idempotencyKeyRequired,
        code: REFUSAL_CODES.IDEMPOTENCY_KEY_REQUIRED,
      });
    }
    // Already paid now: said on its row.
    const paidAgain = await pay(owner, body);
    expect(paidAgain.statusCode).toBe(400);
    expect(fieldsOf(paidAgain.json())).toEqual({ 'invoices.0.paymentAmount': [BILLING_TEXTS.alreadyPaid] });
  });

  it('two identical requests at once pay once', async () => {
    const invoice = await newInvoice({ totalCents: 25_000, daysAgo: 12 });
    const key = newKey();
    const body = { invoices: [{ id: invoice.id, paymentAmount: 25_000 }], paymentMethodId: visa.id };
    const [a, b] = await Promise.all([pay(owner, body, key), pay(owner, body, key)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect((a.json() as Receipt).id).toBe((b.json() as Receipt).id);
    expect(await chargesOf((a.json() as Receipt).id)).toHaveLength(1);
  });

  it('a declined card answers the processor’s detail with PAYMENT_ERROR and changes nothing but attemptedPaymentAmount', async () => {
    const declined = await addCard(accountant, '4000000000000002');
    const invoice = await newInvoice({ totalCents: 45_000, daysAgo: 5 });
    const memo = await newCreditMemo(5_000);
    const before = await summaryOf(accountant);
    const key = newKey();
    const body = {
      invoices: [{ id: invoice.id, paymentAmount: 44_100 }],
      creditMemos: [{ id: memo.id }],
      paymentMethodId: declined.id,
    };
    const res = await pay(accountant, body, key);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ detail: 'This transaction has been declined.', code: PAYMENT_ERROR });
    expect(await rowOf(invoice.id)).toMatchObject({
      paidCents: 0,
      discountTakenCents: 0,
      attemptedPaymentCents: 44_100,
      heldByPaymentId: null,
    });
    const [memoRow] = await t.db.select().from(creditMemos).where(eq(creditMemos.id, memo.id));
    expect(memoRow).toMatchObject({ appliedCents: 0, heldByPaymentId: null });
    expect((await detailOf(accountant, invoice.id)).attemptedPaymentAmount).toEqual({ amount: 44_100 });
    const after = await summaryOf(accountant);
    expect(after.accountBalance).toEqual(before.accountBalance);
    expect(after.creditMemos).toEqual(before.creditMemos);
    // The retry under the same key answers the same decline, and charges nothing more.
    expect((await pay(accountant, body, key)).json()).toEqual(res.json());
    const [payment] = await t.db.select().from(invoicePayments).where(eq(invoicePayments.idempotencyKey, key));
    expect(payment).toMatchObject({ status: 'failed' });
    expect(await chargesOf(payment!.id)).toEqual([expect.objectContaining({ status: 'declined' })]);
    // Then the good card pays it, the credit memo still there to apply.
    const good = await pay(accountant, { ...body, paymentMethodId: visa.id });
    expect(good.statusCode, good.body).toBe(201);
    expect((good.json() as Receipt).charged.amount).toBe(44_100 - 5_000);
  });

  it('credit that covers it all needs no card; nothing is charged', async () => {
    const invoice = await newInvoice({ totalCents: 12_000, daysAgo: 25 });
    const memo = await newCreditMemo(20_000);
    const res = await pay(owner, {
      invoices: [{ id: invoice.id, paymentAmount: 12_000 }],
      creditMemos: [{ id: memo.id }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json() as Receipt;
    expect(receipt).toMatchObject({ charged: { amount: 0 }, credit: { amount: 12_000 }, method: null });
    expect(await chargesOf(receipt.id)).toEqual([]);
    const [memoRow] = await t.db.select().from(creditMemos).where(eq(creditMemos.id, memo.id));
    expect(memoRow!.appliedCents).toBe(12_000);
    const shown = await detailOf(owner, invoice.id);
    expect(shown.payments[0]).toMatchObject({
      method: 'Credit memo',
      amount: { amount: 0 },
      credit: { amount: 12_000 },
    });
  });

  it('refuses what the ledger does not allow, each with its message (400, 404, 409), and changes nothing', async () => {
    const invoice = await newInvoice({ totalCents: 70_000, daysAgo: 3 });
    const another = await newInvoice({ totalCents: 10_000, daysAgo: 40 });
    const theirs = await newInvoice({ partnerId: lakesideId, totalCents: 10_000, daysAgo: 3 });
    const memo = await newCreditMemo(8_000);
    const theirMemo = await newCreditMemo(8_000, lakesideId);
    const payoff = 70_000 - 1_400;
    const answer = async (body: object) => {
      const res = await pay(owner, { paymentMethodId: visa.id, ...body });
      return { status: res.statusCode, body: res.json() as object };
    };

    expect(
      await answer({
        invoices: [
          { id: another.id, paymentAmount: 10_000 },
          { id: invoice.id, paymentAmount: payoff + 1 },
        ],
      }),
    ).toEqual({
      status: 400,
      body: { validation: [{ field: 'invoices.1.paymentAmount', messages: [BILLING_TEXTS.amountOverPayoff] }] },
    });
    expect(await answer({ invoices: [{ id: theirs.id, paymentAmount: 1_000 }] })).toEqual({
      status: 404,
      body: { detail: BILLING_TEXTS.invoiceNotFound },
    });
    expect(
      await answer({ invoices: [{ id: invoice.id, paymentAmount: payoff }], creditMemos: [{ id: theirMemo.id }] }),
    ).toEqual({ status: 404, body: { detail: BILLING_TEXTS.creditMemoNotFound } });
    expect(
      await answer({
        invoices: [{ id: invoice.id, paymentAmount: payoff }],
        creditMemos: [{ id: memo.id, amount: 8_001 }],
      }),
    ).toEqual({
      status: 400,
      body: { validation: [{ field: 'creditMemos.0.amount', messages: [BILLING_TEXTS.creditOverLeft] }] },
    });
    // More credit than the invoices chosen: an amount beyond them, or a memo they no longer need.
    expect(
      await answer({
        invoices: [{ id: another.id, paymentAmount: 5_000 }],
        creditMemos: [{ id: memo.id, amount: 6_000 }],
      }),
    ).toEqual({ status: 400, body: { detail: BILLING_TEXTS.creditOverTotal } });
    const big = await newCreditMemo(50_000);
    expect(
      await answer({
        invoices: [{ id: another.id, paymentAmount: 10_000 }],
        creditMemos: [{ id: big.id }, { id: memo.id }],
      }),
    ).toEqual({ status: 400, body: { detail: BILLING_TEXTS.creditOverTotal } });
    // What the screen showed differs from what would be charged.
    expect(await answer({ invoices: [{ id: invoice.id, paymentAmount: payoff }], expectedTotal: 70_000 })).toEqual({
      status: 409,
      body: { detail: BILLING_TEXTS.changedSinceShown, code: REFUSAL_CODES.CHANGED_SINCE_SHOWN },
    });
    // The card or bank account: needed, the business's own, verified.
    expect(await answer({ invoices: [{ id: invoice.id, paymentAmount: payoff }], paymentMethodId: null })).toEqual({
      status: 400,
      body: { detail: BILLING_TEXTS.paymentMethodRequired, code: REFUSAL_CODES.PAYMENT_METHOD_REQUIRED },
    });
    const lakesideCard = ((await (await rep('C100310')).call('GET', '/api/card')).json() as PaymentCard[])[0]!;
    for (const id of [lakesideCard.id, 'not-a-method'])
      expect(await answer({ invoices: [{ id: invoice.id, paymentAmount: payoff }], paymentMethodId: id })).toEqual({
        status: 404,
        body: { detail: BILLING_TEXTS.paymentMethodNotFound, code: REFUSAL_CODES.PAYMENT_METHOD_NOT_FOUND },
      });
    const bank = ((await owner.call('GET', '/api/card')).json() as PaymentCard[]).find(
      (m) => m.type === 'BANK_ACCOUNT' && m.status === 'unverified',
    )!;
    expect(await answer({ invoices: [{ id: invoice.id, paymentAmount: payoff }], paymentMethodId: bank.id })).toEqual({
      status: 400,
      body: { detail: CHECKOUT_TEXTS.bankUnverified, code: REFUSAL_CODES.BANK_UNVERIFIED },
    });

    for (const id of [invoice.id, another.id])
      expect(await rowOf(id)).toMatchObject({ paidCents: 0, attemptedPaymentCents: null, heldByPaymentId: null });
    const [memoRow] = await t.db.select().from(creditMemos).where(eq(creditMemos.id, memo.id));
    expect(memoRow!.appliedCents).toBe(0);

    // A credit memo used up (paying a small invoice with it).
    const used = await newCreditMemo(1_000);
    const small = await newInvoice({ totalCents: 1_000, daysAgo: 30 });
    expect(
      (await answer({ invoices: [{ id: small.id, paymentAmount: 1_000 }], creditMemos: [{ id: used.id }] })).status,
    ).toBe(201);
    expect(
      await answer({ invoices: [{ id: invoice.id, paymentAmount: payoff }], creditMemos: [{ id: used.id }] }),
    ).toEqual({
      status: 400,
      body: { validation: [{ field: 'creditMemos.0.id', messages: [BILLING_TEXTS.creditMemoUsed] }] },
    });
  });

  it('refuses bad input with field messages, never a 500', async () => {
    const invoice = await newInvoice({ totalCents: 10_000, daysAgo: 1 });
    const cases: [object, string][] = [
      [{}, 'invoices'],
      [{ invoices: [] }, 'invoices'],
      [{ invoices: [{ id: 'nope', paymentAmount: 100 }] }, 'invoices.0.id'],
      [{ invoices: [{ id: invoice.id, paymentAmount: 0 }] }, 'invoices.0.paymentAmount'],
      [{ invoices: [{ id: invoice.id, paymentAmount: -5 }] }, 'invoices.0.paymentAmount'],
      [{ invoices: [{ id: invoice.id, paymentAmount: 10.5 }] }, 'invoices.0.paymentAmount'],
      [{ invoices: [{ id: invoice.id, paymentAmount: '100' }] }, 'invoices.0.paymentAmount'],
      [
        {
          invoices: [
            { id: invoice.id, paymentAmount: 100 },
            { id: invoice.id, paymentAmount: 100 },
          ],
        },
        'invoices',
      ],
      [{ invoices: Array.from({ length: 101 }, () => ({ id: crypto.randomUUID(), paymentAmount: 1 })) }, 'invoices'],
      [{ invoices: [{ id: invoice.id, paymentAmount: 100 }], creditMemos: [{ id: 'x' }] }, 'creditMemos.0.id'],
      [{ invoices: [{ id: invoice.id, paymentAmount: 100 }], expectedTotal: -1 }, 'expectedTotal'],
    ];
    for (const [body, field] of cases) {
      const res = await pay(owner, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(fieldsOf(res.json())), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    const messages = fieldsOf((await pay(owner, { invoices: [] })).json());
    expect(messages.invoices).toEqual([BILLING_TEXTS.noInvoices]);
    expect(fieldsOf((await pay(owner, { invoices: [{ id: invoice.id, paymentAmount: 0 }] })).json())).toEqual({
      'invoices.0.paymentAmount': [BILLING_TEXTS.amountPositive],
    });
    // An unknown invoice is not found.
    const unknown = await pay(owner, { invoices: [{ id: crypto.randomUUID(), paymentAmount: 100 }] });
    expect(unknown.statusCode).toBe(404);
  });

  it('one payment at a time on an invoice: another while it is being charged is told so (409)', async () => {
    const invoice = await newInvoice({ totalCents: 33_000, daysAgo: 14 });
    // A payment deciding and charging: left as it is between its decision and its charge.
    const [held] = await t.db
      .insert(invoicePayments)
      .values({
        businessPartnerId: northsideId,
        userId: ownerId,
        paidByName: 'Gary Lindqvist',
        paidByEmail: 'owner@demo.test',
        idempotencyKey: newKey(),
        requestHash: 'x',
        status: 'charging',
        chargedCents: 0,
        discountCents: 0,
        creditCents: 0,
        snapshot: {},
      })
      .returning();
    await t.db.update(invoices).set({ heldByPaymentId: held!.id }).where(eq(invoices.id, invoice.id));
    const res = await pay(accountant, {
      invoices: [{ id: invoice.id, paymentAmount: 33_000 }],
      paymentMethodId: visa.id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: BILLING_TEXTS.inProgress, code: REFUSAL_CODES.IN_PROGRESS });
    // Once it ended, the invoice is free again.
    await t.db.update(invoicePayments).set({ status: 'failed' }).where(eq(invoicePayments.id, held!.id));
    const later = await pay(accountant, {
      invoices: [{ id: invoice.id, paymentAmount: 33_000 }],
      paymentMethodId: visa.id,
    });
    expect(later.statusCode, later.body).toBe(201);
  });

  it('the ledger refuses an overpayment whatever writes it (the CHECK, the last guard)', async () => {
    const invoice = await newInvoice({ totalCents: 10_000, daysAgo: 1 });
    await expect(
      t.db.update(invoices).set({ paidCents: 9_900, discountTakenCents: 200 }).where(eq(invoices.id, invoice.id)),
    ).rejects.toThrow();
    const memo = await newCreditMemo(1_000);
    await expect(
      t.db.update(creditMemos).set({ appliedCents: 1_001 }).where(eq(creditMemos.id, memo.id)),
    ).rejects.toThrow();
  });
});

describe('who pays, and who is named (spec 01 §6; issue 19 §5)', () => {
  it('a rep acting for Northside pays; the receipt and the invoice name the rep and whom the rep acted for', async () => {
    const inside = await rep('C100234');
    const invoice = await newInvoice({ totalCents: 20_000, daysAgo: 11 });
    const card = ((await inside.call('GET', '/api/card')).json() as PaymentCard[]).find((m) => m.id === visa.id)!;
    const res = await pay(inside, { invoices: [{ id: invoice.id, paymentAmount: 20_000 }], paymentMethodId: card.id });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as Receipt).paidBy).toEqual({ name: 'Tessa Morales', actingFor: 'Gary Lindqvist' });
    expect((await detailOf(owner, invoice.id)).payments[0]!.paidBy).toEqual({
      name: 'Tessa Morales',
      actingFor: 'Gary Lindqvist',
    });
    const [row] = await t.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.id, (res.json() as Receipt).id));
    expect(row).toMatchObject({ userId: await idOf(t.db, 'insiderep@demo.test'), actingForName: 'Gary Lindqvist' });
    // The receipt goes to the person who paid.
    expect(
      (await mailsTo(t.db, 'insiderep@demo.test')).some((m) => m.subject.includes((res.json() as Receipt).number)),
    ).toBe(true);

    // An outside rep acts as himself, for the business.
    const outside = await signedInAs(t.app, 'outsiderep@demo.test', { sapBpCode: 'C100234' });
    const next = await newInvoice({ totalCents: 20_000, daysAgo: 11 });
    const paid = await pay(outside, { invoices: [{ id: next.id, paymentAmount: 20_000 }], paymentMethodId: visa.id });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((paid.json() as Receipt).paidBy).toEqual({ name: 'Ben Okafor', actingFor: 'Northside Auto Sound' });
  });

  it('installers and purchasers may not pay (403); a rep without a business is told to select one; another dealer’s invoice is not found', async () => {
    const invoice = await newInvoice({ totalCents: 20_000, daysAgo: 11 });
    const body = { invoices: [{ id: invoice.id, paymentAmount: 20_000 }], paymentMethodId: visa.id };
    for (const email of ['installer@demo.test', 'purchaser@demo.test', 'retired@demo.test', 'admin@demo.test']) {
      const res = await pay(await signedInAs(t.app, email), body);
      expect(res.statusCode, email).toBe(403);
      expect(res.json(), email).toEqual({ detail: BILLING_TEXTS.noBilling });
    }
    const noBusiness = await pay(await signedInAs(t.app, 'insiderep@demo.test'), body);
    expect(noBusiness.statusCode).toBe(403);
    expect(noBusiness.json()).toEqual({ detail: BILLING_TEXTS.selectBusiness });
    expect((await pay(await signedInAs(t.app, null), body)).statusCode).toBe(401);
    const lakeside = await pay(await rep('C100310'), body);
    expect(lakeside.statusCode).toBe(404);
    expect(await rowOf(invoice.id)).toMatchObject({ paidCents: 0, attemptedPaymentCents: null });
  });
});

describe('terms orders and the balance (spec 02 §3 creditLimit; issue 19 §1)', () => {
  /** A fresh cart of the buyer with one product (quantity `quantity`). */
  async function cartOf(c: TestClient, quantity = 1): Promise<Checkout> {
    const last = (await c.call('GET', '/api/products-checkout/last-b2b-token')).json() as LastCheckout;
    if (last.token)
      for (const line of last.checkout!.lines)
        await c.call('POST', `/api/products-checkout/${last.token}/delete-lines`, { lineId: line.id });
    const res = await c.call('POST', '/api/products-checkout/create-b2b', {
      lines: [{ variantId: productId, quantity }],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Checkout;
  }
  const complete = (c: TestClient, token: string, selectedPayment: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products-checkout/${token}/complete-b2b-checkout`,
      payload: { selectedPayment },
      remoteAddress: c.remoteAddress,
      headers: { cookie: c.jar.header(), 'idempotency-key': newKey() },
    });
  const unpaidOf = async (partnerId: string) =>
    (await t.db.select().from(invoices).where(eq(invoices.businessPartnerId, partnerId))).filter(
      (row) => row.paidCents + row.discountTakenCents < row.totalCents,
    );

  it('past-due invoices refuse terms; paid off, a terms order writes its invoice and raises the balance; over the limit is refused', async () => {
    const summary = await summaryOf(owner);
    expect(summary.pastDue.count).toBeGreaterThan(0);
    const refused = await complete(owner, (await cartOf(owner)).token, 'TERMS');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: CHECKOUT_TEXTS.termsPastDue, code: REFUSAL_CODES.TERMS_PAST_DUE });

    // The accountant pays off every past-due invoice (their payoff), through the ledger.
    const pastDue = (await unpaidOf(northsideId)).filter((row) => row.dueDate < today());
    const payoffs = await Promise.all(
      pastDue.map(async (row) => (await detailOf(accountant, row.id)).payoffAmount.amount),
    );
    const paid = await pay(accountant, {
      invoices: pastDue.map((row, i) => ({ id: row.id, paymentAmount: payoffs[i]! })),
      paymentMethodId: visa.id,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const before = await summaryOf(owner);
    expect(before.pastDue).toEqual({ amount: { amount: 0 }, count: 0 });

    const cart = await cartOf(owner, 2);
    const placed = await complete(owner, cart.token, 'TERMS');
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json() as CompletedCheckout;
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice).toMatchObject({
      businessPartnerId: northsideId,
      totalCents: order.total.cents,
      orderNumber: order.number,
      createDate: order.created.slice(0, 10),
      dueDate: addDays(order.created.slice(0, 10), INVOICE_TERMS.netDays),
      discountDays: 10,
      discountBp: 200,
      paidCents: 0,
    });
    const after = await summaryOf(owner);
    expect(after.accountBalance.amount).toBe(before.accountBalance.amount + order.total.cents);
    expect(after.invoiceCount).toBe(before.invoiceCount + 1);
    // The invoice shows the order's lines.
    const detail = await detailOf(owner, invoice!.id);
    expect(detail.order).toEqual({ id: order.id, number: order.number, poNumber: order.poNumber });
    expect(detail.lines).toEqual(
      order.lines.map((l) => ({
        sku: l.sku,
        productName: l.productName,
        quantity: l.quantity,
        unitPrice: { amount: l.unitPrice.cents },
        total: { amount: l.total.cents },
      })),
    );
    // COD and card orders write no invoice.
    const cod = await complete(owner, (await cartOf(owner)).token, 'COD');
    expect(cod.statusCode).toBe(201);
    expect(
      await t.db
        .select()
        .from(invoices)
        .where(eq(invoices.orderId, (cod.json() as CompletedCheckout).order.id)),
    ).toEqual([]);

    // A terms order over what is left of the credit line (limit − balance) is refused.
    const [partner] = await t.db.select().from(businessPartners).where(eq(businessPartners.id, northsideId));
    const next = await cartOf(owner, 1);
    await t.db
      .update(businessPartners)
      .set({ creditLimitCents: after.accountBalance.amount + next.totalPrice.cents - 1 })
      .where(eq(businessPartners.id, northsideId));
    const over = await complete(owner, next.token, 'TERMS');
    expect(over.statusCode).toBe(400);
    expect((over.json() as { detail: string }).detail).toMatch(/^Terms are not available: this order is more than/);
    await t.db
      .update(businessPartners)
      .set({ creditLimitCents: after.accountBalance.amount + next.totalPrice.cents })
      .where(eq(businessPartners.id, northsideId));
    expect((await complete(owner, next.token, 'TERMS')).statusCode).toBe(201);
    expect((await summaryOf(owner)).creditAvailable.amount).toBe(0);
    await t.db
      .update(businessPartners)
      .set({ creditLimitCents: partner!.creditLimitCents })
      .where(eq(businessPartners.id, northsideId));
  });
});

describe('a crash between the charge and the ledger (recovery, as checkout)', () => {
  /**
   * A payment decided and charged, then its ledger write undone: as a crash after the charge leaves it,
   * longer ago than the recovery delay (CHECKOUT_RECOVERY_AFTER_MS, shared with checkout).
   */
  async function chargedThenCrashed(invoiceId: string, amount: number) {
    const key = newKey();
    const res = await pay(
      owner,
      { invoices: [{ id: invoiceId, paymentAmount: amount }], paymentMethodId: visa.id },
      key,
    );
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json() as Receipt;
    await undoLedgerWrite(t.db, receipt.id, invoiceId, new Date(Date.now() - 3_600_000));
    return { key, receipt };
  }

  it('finishes a payment whose charge was made (one charge, the ledger written once), at a retry or at start', async () => {
    const invoice = await newInvoice({ totalCents: 15_000, daysAgo: 20 });
    const { key, receipt } = await chargedThenCrashed(invoice.id, 15_000);
    const retried = await pay(
      owner,
      { invoices: [{ id: invoice.id, paymentAmount: 15_000 }], paymentMethodId: visa.id },
      key,
    );
    expect(retried.statusCode, retried.body).toBe(200);
    expect((retried.json() as Receipt).id).toBe(receipt.id);
    expect(await rowOf(invoice.id)).toMatchObject({ paidCents: 15_000, heldByPaymentId: null });
    expect(await chargesOf(receipt.id)).toHaveLength(1);

    // At start: another instance's onReady settles what a crash left (the same mechanism as checkout's).
    const second = await newInvoice({ totalCents: 16_000, daysAgo: 20 });
    const crashed = await chargedThenCrashed(second.id, 16_000);
    const instance = await t.anotherInstance();
    expect(instance).toBeTruthy();
    expect(await rowOf(second.id)).toMatchObject({ paidCents: 16_000, heldByPaymentId: null });
    const [row] = await t.db.select().from(invoicePayments).where(eq(invoicePayments.id, crashed.receipt.id));
    expect(row).toMatchObject({ status: 'succeeded' });
    expect(await chargesOf(crashed.receipt.id)).toHaveLength(1);
  });

  it('ends a payment whose charge never happened: nothing charged, the invoice free again', async () => {
    const invoice = await newInvoice({ totalCents: 17_000, daysAgo: 20 });
    const { key, receipt } = await chargedThenCrashed(invoice.id, 17_000);
    await t.db.delete(processorCharges).where(eq(processorCharges.idempotencyKey, receipt.id));
    const retried = await pay(
      owner,
      { invoices: [{ id: invoice.id, paymentAmount: 17_000 }], paymentMethodId: visa.id },
      key,
    );
    expect(retried.statusCode).toBe(402);
    expect(retried.json()).toEqual({ detail: BILLING_TEXTS.notCompleted, code: PAYMENT_ERROR });
    expect(await rowOf(invoice.id)).toMatchObject({ paidCents: 0, heldByPaymentId: null });
    expect(await chargesOf(receipt.id)).toEqual([]);
    const again = await pay(owner, { invoices: [{ id: invoice.id, paymentAmount: 17_000 }], paymentMethodId: visa.id });
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe.runIf(inject('postgresTemplate'))('payments racing for the same invoice (PostgreSQL)', () => {
  it('never overpay it: one pays, the others are told it is paid or being paid', async () => {
    const invoice = await newInvoice({ totalCents: 90_000, daysAgo: 12 });
    const payers = [owner, accountant, await rep('C100234'), owner, accountant];
    const answers = await Promise.all(
      payers.map((c) => pay(c, { invoices: [{ id: invoice.id, paymentAmount: 90_000 }], paymentMethodId: visa.id })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const a of answers.filter((r) => r.statusCode !== 201)) expect([400, 409], a.body).toContain(a.statusCode);
    expect(await rowOf(invoice.id)).toMatchObject({ paidCents: 90_000, heldByPaymentId: null });
    const succeeded = await t.db
      .select()
      .from(invoicePayments)
      .innerJoin(paymentApplications, eq(paymentApplications.paymentId, invoicePayments.id))
      .where(and(eq(paymentApplications.invoiceId, invoice.id), eq(invoicePayments.status, 'succeeded')));
    expect(succeeded).toHaveLength(1);
  });

  it('partial payments at once never take it past its total', async () => {
    const invoice = await newInvoice({ totalCents: 100_000, daysAgo: 12 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        pay(i % 2 ? owner : accountant, {
          invoices: [{ id: invoice.id, paymentAmount: 40_000 }],
          paymentMethodId: visa.id,
        }),
      ),
    );
    const row = await rowOf(invoice.id);
    expect(row.paidCents).toBeLessThanOrEqual(100_000);
    expect(row.paidCents).toBe(answers.filter((a) => a.statusCode === 201).length * 40_000);
    const ids = answers.filter((a) => a.statusCode === 201).map((a) => (a.json() as Receipt).id);
    const charges = ids.length
      ? await t.db.select().from(processorCharges).where(inArray(processorCharges.idempotencyKey, ids))
      : [];
    expect(charges).toHaveLength(ids.length);
  });
});
