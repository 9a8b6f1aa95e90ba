import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  endpoints,
  BILLING_TEXTS,
  INVOICES_MAX_PAGE,
  addDays,
  type Endpoint,
  type BillingSummary,
  type BodyOf,
  type CreditMemoListRequest,
  type InvoiceConnection,
  type InvoiceListRequest,
} from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, unchecked, type TestClient } from '../../../test/client.ts';
import { partnerByCode } from '../../../test/builders.ts';
import { businessPartners } from '../business-partners/schema.ts';
import { creditMemos, invoices } from './schema.ts';
import { ledgerMismatches } from './repo/index.ts';

let t: TestContext;
let northsideId: string;
let owner: TestClient;
let accountant: TestClient;
let lakesideRep: TestClient;

const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  northsideId = (await partnerByCode(t.db, 'C100234')).id;
  [owner, accountant, lakesideRep] = await Promise.all([
    signedInAs(t.app, 'owner@demo.test'),
    signedInAs(t.app, 'accountant@demo.test'),
    signedInAs(t.app, 'insiderep@demo.test', { sapBpCode: 'C100310' }),
  ]);
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await ledgerMismatches(t.db)).toEqual([]);
});

/** The answer of a call that must succeed. */
const post = async <E extends Endpoint>(c: TestClient, endpoint: E, body: BodyOf<E>) => {
  const res = await c.call(endpoint, { body });
  expect(res.statusCode, `${endpoint.path} ${res.body}`).toBe(200);
  return res.json();
};
const list = (c: TestClient, body: InvoiceListRequest = {}) => post(c, endpoints.billing.invoices, body);
const memos = (c: TestClient, body: CreditMemoListRequest = {}) => post(c, endpoints.billing.creditMemos, body);
const fieldsOf = (body: unknown) =>
  Object.fromEntries(
    ((body as { validation?: { field: string; messages: string[] }[] }).validation ?? []).map((v) => [
      v.field,
      v.messages,
    ]),
  );
/** Every invoice a filter finds, page after page. */
async function everyInvoice(c: TestClient, body: InvoiceListRequest = {}) {
  const nodes: InvoiceConnection['edges'][number]['node'][] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const page: InvoiceConnection = await list(c, { ...body, after });
    nodes.push(...page.edges.map((edge) => edge.node));
    if (!page.pageInfo.hasNextPage) return nodes;
    after = page.pageInfo.endCursor;
  }
  throw new Error('more than 50 pages');
}

describe('the demo ledger (DEMO-DATA.md "Orders and billing")', () => {
  it('Northside has open, past-due and paid invoices, one inside its discount window, and credit to use', async () => {
    const all = await everyInvoice(owner);
    const statuses = new Set(all.map((invoice) => invoice.status));
    expect(statuses).toEqual(new Set(['open', 'pastDue', 'paid']));
    expect(all.some((i) => i.status === 'open' && i.payoffAmount.amount < i.open_amount.amount)).toBe(true);
    expect(all.every((i) => /^INV-2\d{5}$/.test(i.number))).toBe(true);
    for (const invoice of all) {
      expect(invoice.due_date).toBe(addDays(invoice.create_date, 30));
      expect(invoice.isPaid).toBe(invoice.status === 'paid');
      expect(invoice.open_amount.amount).toBe(
        invoice.invoice_total.amount - invoice.paid_against_invoice.amount - invoice.discount_taken.amount,
      );
      expect(invoice.order?.number).toMatch(/^SO-1\d{5}$/);
    }
    // The first one was paid inside its window: the discount was taken.
    expect(all.some((i) => i.status === 'paid' && i.discount_taken.amount > 0)).toBe(true);
    const open = await memos(owner, { open: true });
    expect(open.totalCount).toBeGreaterThanOrEqual(1);
    expect(open.edges[0]!.node).toMatchObject({ number: expect.stringMatching(/^CM-3\d{5}$/) as unknown });
    expect(open.edges[0]!.node.reason).toMatch(/^Return: /);
  });

  it('the summary is the ledger’s: balance, credit line and what is left of it, past due, open, credit, discounts', async () => {
    const summary = (await owner.call(endpoints.billing.summary)).json() as BillingSummary;
    const all = await everyInvoice(owner);
    const unpaid = all.filter((i) => !i.isPaid);
    const pastDue = all.filter((i) => i.status === 'pastDue');
    const [partner] = await t.db.select().from(businessPartners).where(eq(businessPartners.id, northsideId));
    const balance = unpaid.reduce((s, i) => s + i.open_amount.amount, 0);
    expect(summary).toEqual({
      businessPartner: { sapBpCode: 'C100234', companyName: 'Northside Auto Sound' },
      accountBalance: { amount: balance },
      creditLimit: { amount: partner!.creditLimitCents },
      creditAvailable: { amount: partner!.creditLimitCents - balance },
      pastDue: { amount: { amount: pastDue.reduce((s, i) => s + i.open_amount.amount, 0) }, count: pastDue.length },
      open: {
        amount: { amount: balance - pastDue.reduce((s, i) => s + i.open_amount.amount, 0) },
        count: unpaid.length - pastDue.length,
      },
      invoiceCount: all.length,
      creditMemos: { amount_left: expect.objectContaining({}) as unknown, count: expect.any(Number) as unknown },
      discountAvailable: {
        amount: {
          amount: unpaid.reduce((s, i) => s + i.open_amount.amount - i.payoffAmount.amount, 0),
        },
        count: unpaid.filter((i) => i.payoffAmount.amount < i.open_amount.amount).length,
      },
    });
    const left = (await memos(owner)).edges.reduce((s, e) => s + e.node.amount_left.amount, 0);
    expect(summary.creditMemos.amount_left.amount).toBe(left);
    // The business partner's balance fields are the same sums.
    const bp = (await owner.call(endpoints.businessPartners.get, { params: { id: 'C100234' } })).json() as {
      accountBalance: number;
      pastDueInvoices: number;
      invoices: { totalCount: number };
    };
    expect(bp).toMatchObject({
      accountBalance: summary.accountBalance.amount,
      pastDueInvoices: summary.pastDue.amount.amount,
      invoices: { totalCount: summary.invoiceCount },
    });
  });

  it('Lakeside has a few, each its own', async () => {
    const theirs = await everyInvoice(lakesideRep);
    expect(theirs.length).toBeGreaterThanOrEqual(2);
    const ours = new Set((await everyInvoice(owner)).map((i) => i.id));
    expect(theirs.some((i) => ours.has(i.id))).toBe(false);
  });
});

describe('generated businesses with a history (issue 19 demo data)', () => {
  it('the first has 125 invoices from the ERP’s history; a rep reads its balance and count from the ledger', async () => {
    const [busiest] = await t.db
      .select({ id: invoices.businessPartnerId, code: businessPartners.sapBpCode, count: sql<number>`count(*)::int` })
      .from(invoices)
      .innerJoin(businessPartners, eq(businessPartners.id, invoices.businessPartnerId))
      .where(sql`${invoices.orderId} is null`)
      .groupBy(invoices.businessPartnerId, businessPartners.sapBpCode)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    expect(busiest!.count).toBe(125);
    const rows = await t.db.select().from(invoices).where(eq(invoices.businessPartnerId, busiest!.id));
    const open = rows.filter((row) => row.paidCents + row.discountTakenCents < row.totalCents);
    // The last 40 days' are open (those over 30 days old past due), the rest paid 20 days after their date.
    expect(open.length).toBeGreaterThan(0);
    expect(open.length).toBeLessThan(10);
    const rep = await signedInAs(t.app, 'insiderep@demo.test');
    const res = await rep.call(endpoints.businessPartners.get, { params: { id: busiest!.code } });
    expect(res.statusCode, res.body).toBe(200);
    const owed = (list: typeof rows) =>
      list.reduce((sum, row) => sum + row.totalCents - row.paidCents - row.discountTakenCents, 0);
    expect(res.json()).toMatchObject({
      invoices: { totalCount: 125 },
      accountBalance: owed(open),
      pastDueInvoices: owed(open.filter((row) => row.dueDate < today())),
    });
  });
});

describe('POST /api/invoices (spec 02 §7, §9)', () => {
  it('pages with cursors, newest first by default; sorts by date or due date either way', async () => {
    const all = await everyInvoice(owner);
    const byDate = [...all].sort((a, b) =>
      a.create_date === b.create_date ? b.number.localeCompare(a.number) : b.create_date.localeCompare(a.create_date),
    );
    expect(all.map((i) => i.id)).toEqual(byDate.map((i) => i.id));
    const paged = await everyInvoice(owner, { first: 2 });
    expect(paged.map((i) => i.id)).toEqual(all.map((i) => i.id));
    const first = await list(owner, { first: 2 });
    expect(first.totalCount).toBe(all.length);
    expect(first.edges).toHaveLength(2);
    expect(first.pageInfo.hasNextPage).toBe(true);

    const dueAsc = await everyInvoice(owner, { sort: 'due_date', direction: 'asc', first: 3 });
    const dues = dueAsc.map((i) => `${i.due_date} ${i.number}`);
    expect(dues).toEqual([...dues].sort());
    expect(dueAsc).toHaveLength(all.length);

    // A cursor is for the sort it was made under.
    const res = await owner.call(endpoints.billing.invoices, {
      body: {
        first: 2,
        sort: 'due_date',
        after: first.pageInfo.endCursor,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: BILLING_TEXTS.invalidCursor });
    for (const after of [
      'garbage',
      Buffer.from('["invoices:create_date:desc","2026-02-31",5]').toString('base64url'),
    ]) {
      const bad = await owner.call(endpoints.billing.invoices, { body: { after } });
      expect(bad.statusCode, after).toBe(400);
      expect(bad.json()).toEqual({ detail: BILLING_TEXTS.invalidCursor });
    }
  });

  it('filters by status (open, past due, paid; unpaid for both) with the sums of what it found', async () => {
    const all = await everyInvoice(owner);
    const open = await list(owner, { status: 'open' });
    const pastDue = await list(owner, { status: 'pastDue' });
    const paid = await list(owner, { status: 'paid' });
    const unpaid = await list(owner, { unpaid: true });
    expect(open.totalCount + pastDue.totalCount + paid.totalCount).toBe(all.length);
    expect(unpaid.totalCount).toBe(open.totalCount + pastDue.totalCount);
    expect(open.edges.every((e) => e.node.status === 'open' && e.node.due_date >= today())).toBe(true);
    expect(pastDue.edges.every((e) => e.node.status === 'pastDue' && e.node.due_date < today())).toBe(true);
    expect(paid.edges.every((e) => e.node.isPaid)).toBe(true);
    expect(unpaid.totals).toEqual({
      invoice_total: { amount: unpaid.edges.reduce((s, e) => s + e.node.invoice_total.amount, 0) },
      open_amount: { amount: unpaid.edges.reduce((s, e) => s + e.node.open_amount.amount, 0) },
    });
    expect(paid.totals.open_amount.amount).toBe(0);
    // The screen's defaults: selected false, paymentAmount the payoff.
    for (const { node } of unpaid.edges)
      expect(node).toMatchObject({ selected: false, paymentAmount: node.payoffAmount });
  });

  it('filters by UTC days, both inclusive, and searches the invoice, order and PO numbers', async () => {
    const all = await everyInvoice(owner);
    const one = all[2]!;
    const sameDay = await list(owner, { from: one.create_date, to: one.create_date });
    expect(sameDay.edges.map((e) => e.node.id)).toContain(one.id);
    expect(sameDay.edges.every((e) => e.node.create_date === one.create_date)).toBe(true);
    const after = await list(owner, { from: addDays(one.create_date, 1) });
    expect(after.edges.every((e) => e.node.create_date > one.create_date)).toBe(true);

    const byNumber = await list(owner, { search: one.number.toLowerCase() });
    expect(byNumber.edges.map((e) => e.node.id)).toEqual([one.id]);
    expect((await list(owner, { search: 'INV-2' })).totalCount).toBe(all.length);
    expect((await list(owner, { search: one.order!.number })).edges.map((e) => e.node.id)).toEqual([one.id]);
    const withPo = all.find((i) => i.order?.poNumber)!;
    expect((await list(owner, { search: withPo.order!.poNumber! })).edges.map((e) => e.node.id)).toContain(withPo.id);
    expect((await list(owner, { search: '%' })).totalCount).toBe(0);
  });

  it('refuses bad filters with field messages', async () => {
    const cases: [object, string, string][] = [
      [{ first: 0 }, 'first', BILLING_TEXTS.first],
      [{ first: INVOICES_MAX_PAGE + 1 }, 'first', BILLING_TEXTS.first],
      [{ first: 'ten' }, 'first', BILLING_TEXTS.first],
      [{ from: '03/01/2026' }, 'from', BILLING_TEXTS.dayFormat],
      [{ to: '2026-02-30' }, 'to', BILLING_TEXTS.dayFormat],
      [{ from: '2026-03-02', to: '2026-03-01' }, 'to', BILLING_TEXTS.dayOrder],
      [{ search: 'x'.repeat(41) }, 'search', BILLING_TEXTS.search],
    ];
    for (const [body, field, message] of cases) {
      const res = await owner.call(endpoints.billing.invoices, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res.json())[field], JSON.stringify(body)).toEqual([message]);
    }
    for (const body of [{ status: 'late' }, { sort: 'total' }, { direction: 'up' }, { unpaid: 'yes' }]) {
      const res = await owner.call(endpoints.billing.invoices, { body: unchecked(body) });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(fieldsOf(res.json()))).toEqual(Object.keys(body));
    }
  });
});

describe('POST /api/invoice (one invoice)', () => {
  it('shows the order’s lines, the payments with who paid (a rep acting for the dealer named), the credit drawn', async () => {
    const all = await everyInvoice(owner, { status: 'paid' });
    const details = await Promise.all(all.map((i) => post(owner, endpoints.billing.invoice, { id: i.id })));
    const byRep = details.find((d) => d.payments.some((p) => p.paidBy.actingFor))!;
    expect(byRep.payments[0]!.paidBy).toEqual({ name: 'Tessa Morales', actingFor: 'Gary Lindqvist' });
    expect(byRep.creditMemos).toHaveLength(1);
    expect(byRep.payments[0]!.credit.amount).toBeGreaterThan(0);
    for (const detail of details) {
      expect(detail.businessPartner).toEqual({ sapBpCode: 'C100234', companyName: 'Northside Auto Sound' });
      expect(detail.lines.length).toBeGreaterThan(0);
      expect(detail.subtotal.amount + detail.shipping.amount + detail.tax.amount).toBe(detail.invoice_total.amount);
      const paid = detail.payments.reduce((s, p) => s + p.amount.amount + p.credit.amount, 0);
      expect(paid).toBe(detail.paid_against_invoice.amount);
      expect(detail.payments.every((p) => /^RCPT-4\d{5}$/.test(p.receiptNumber))).toBe(true);
      // Billed and shipped where its order says (issue 27 §11).
      const order = (await owner.call(endpoints.orders.byId, { body: { id: detail.order!.id } })).json();
      expect(detail.billTo).toEqual(order.billingAddress);
      expect(detail.shipTo).toEqual(order.shippingAddress);
    }
    const discounted = details.find((d) => d.discount_taken.amount > 0)!;
    expect(discounted.payments[0]!.discount).toEqual(discounted.discount_taken);
    expect(discounted.payments[0]!.paidBy).toEqual({ name: 'Gary Lindqvist', actingFor: null });
  });

  it('another dealer’s invoice is not found; an id that is not one is a field error', async () => {
    const theirs = (await list(lakesideRep)).edges[0]!.node;
    const res = await owner.call(endpoints.billing.invoice, { body: { id: theirs.id } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: BILLING_TEXTS.invoiceNotFound });
    expect((await owner.call(endpoints.billing.invoice, { body: { id: crypto.randomUUID() } })).statusCode).toBe(404);
    const bad = await owner.call(endpoints.billing.invoice, { body: { id: 'INV-200001' } });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toEqual({ id: [BILLING_TEXTS.invoiceNotFound] });
    expect((await owner.call(endpoints.billing.invoice, { body: unchecked({}) })).statusCode).toBe(400);
  });
});

describe('credit memos (POST /api/credit-memos, /api/credit-memo)', () => {
  it('lists newest first, open ones on request, by days and number; one shows where its amount went', async () => {
    const all = await memos(owner);
    expect(all.totalCount).toBeGreaterThanOrEqual(2);
    const dates = all.edges.map((e) => e.node.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const open = await memos(owner, { open: true });
    expect(open.edges.every((e) => e.node.amount_left.amount > 0)).toBe(true);
    const used = all.edges.find((e) => e.node.amount_left.amount === 0)!.node;
    expect(used.invoice?.number).toMatch(/^INV-/);
    expect(used.order?.number).toMatch(/^SO-/);
    const detail = await post(owner, endpoints.billing.creditMemo, { id: used.id });
    expect(detail.applications.reduce((s, a) => s + a.amount.amount, 0)).toBe(used.amount.amount);
    expect(detail.applications[0]!.receiptNumber).toMatch(/^RCPT-/);
    const paged = await memos(owner, { first: 1 });
    const next = await memos(owner, { first: 1, after: paged.pageInfo.endCursor });
    expect(next.edges[0]!.node.id).toBe(all.edges[1]!.node.id);
    expect((await memos(owner, { search: used.number })).edges.map((e) => e.node.id)).toEqual([used.id]);
    expect((await memos(owner, { from: addDays(today(), 1) })).totalCount).toBe(0);
    const bad = await owner.call(endpoints.billing.creditMemos, { body: unchecked({ open: 'yes', first: 0 }) });
    expect(Object.keys(fieldsOf(bad.json())).sort()).toEqual(['first', 'open']);
    const cursor = await owner.call(endpoints.billing.creditMemos, { body: { after: 'garbage' } });
    expect(cursor.json()).toEqual({ detail: BILLING_TEXTS.invalidCursor });
  });

  it('another dealer’s credit memo is not found', async () => {
    const lakeside = await partnerByCode(t.db, 'C100310');
    const [memo] = await t.db
      .insert(creditMemos)
      .values({ businessPartnerId: lakeside.id, createDate: today(), amountCents: 500, reason: 'Test' })
      .returning();
    const res = await owner.call(endpoints.billing.creditMemo, { body: { id: memo!.id } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: BILLING_TEXTS.creditMemoNotFound });
    expect((await lakesideRep.call(endpoints.billing.creditMemo, { body: { id: memo!.id } })).statusCode).toBe(200);
    expect((await memos(owner)).edges.some((e) => e.node.id === memo!.id)).toBe(false);
  });
});

describe('who sees Billing (spec 01 §6)', () => {
  const calls = {
    summary: (c: TestClient) => c.call(endpoints.billing.summary),
    invoices: (c: TestClient) => c.call(endpoints.billing.invoices, { body: {} }),
    creditMemos: (c: TestClient) => c.call(endpoints.billing.creditMemos, { body: {} }),
  };

  it('owners, the accountant and reps with a business; installers, purchasers and others get 403 with why', async () => {
    const rep = await signedInAs(t.app, 'insiderep@demo.test', { sapBpCode: 'C100234' });
    for (const c of [owner, accountant, rep])
      for (const [name, send] of Object.entries(calls)) expect((await send(c)).statusCode, name).toBe(200);
    for (const email of [
      'installer@demo.test',
      'purchaser@demo.test',
      'retired@demo.test',
      'admin@demo.test',
      'consumer@demo.test',
    ]) {
      const c = await signedInAs(t.app, email);
      for (const [name, send] of Object.entries(calls)) {
        const res = await send(c);
        expect(res.statusCode, `${email} ${name}`).toBe(403);
        expect(res.json<unknown>()).toEqual({ detail: BILLING_TEXTS.noBilling });
      }
    }
    const noBusiness = await signedInAs(t.app, 'outsiderep@demo.test');
    const res = await noBusiness.call(endpoints.billing.summary);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: BILLING_TEXTS.selectBusiness });
    expect((await (await signedInAs(t.app, null)).call(endpoints.billing.summary)).statusCode).toBe(401);
  });

  it('a rep reads the selected business’s ledger, never another’s', async () => {
    const rep = await signedInAs(t.app, 'insiderep@demo.test', { sapBpCode: 'C100234' });
    const theirs = await everyInvoice(rep);
    const ours = await everyInvoice(owner);
    expect(theirs.map((i) => i.id)).toEqual(ours.map((i) => i.id));
    const [row] = await t.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.businessPartnerId, northsideId));
    expect((await lakesideRep.call(endpoints.billing.invoice, { body: { id: row!.id } })).statusCode).toBe(404);
  });
});
