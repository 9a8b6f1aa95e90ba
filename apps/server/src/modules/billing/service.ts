import {
  BILLING_TEXTS,
  isSalesRep,
  payoffOf,
  type BillingSummary,
  type CreditMemo,
  type CreditMemoConnection,
  type CreditMemoDetail,
  type CreditMemoListFilter,
  type Invoice,
  type InvoiceConnection,
  type InvoiceDetail,
  type InvoiceListFilter,
  type InvoiceStatus,
  type Order,
} from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { refuse } from '../../refusal.ts';
import type { Actor } from '../../actor.ts';
import { createInvoicePayment } from './pay.ts';
import { creditStandingOf } from './standing.ts';
import type { AttemptMachine } from '../../attempts/machine.ts';
import * as repo from './repo/index.ts';

/**
 * What billing needs of other modules, passed in by app.ts: the order behind an invoice (the orders
 * module's `orderOf`; billing does not import orders, which depends on business-partners, which reads
 * billing's credit standing), and the attempt machine its payments run on.
 */
export interface BillingDeps {
  orderOf(db: Db | Tx, businessPartnerId: string, orderId: string): Promise<Order | null>;
  /** The attempt machine invoice payment runs on (issue 26). */
  attempts: AttemptMachine;
}

type Business = NonNullable<Actor['business']>;

/** spec 01 §6: why Billing is closed to someone (the 403's detail). */
export const billingDenied = (actor: Actor) =>
  isSalesRep(actor.user) && !actor.business ? BILLING_TEXTS.selectBusiness : BILLING_TEXTS.noBilling;

/**
 * The business whose ledger this is: the session's (a rep's selected one), never one the browser names.
 * Routes let only Billing's users through (spec 01 §6), who all have one; this is the last word.
 */
export function businessOf(actor: Actor): Business {
  if (!actor.business) throw refuse.forbidden(BILLING_TEXTS.selectBusiness);
  return actor.business;
}

const cents = (amount: number) => ({ amount });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (day: string) =>
  DAY.test(day) && day >= '1970' && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;

/** A keyset cursor: base64url of what it was made for (the sort), the page's last date and number. */
function encodeCursor(scope: string, key: repo.ListKey) {
  return Buffer.from(JSON.stringify([scope, key.day, key.number])).toString('base64url');
}

/** The cursor a client sent back, for this scope; 400 when it is not one this service made. */
function decodeCursor(raw: string, scope: string): repo.ListKey {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 3) {
      const [madeFor, day, number] = parsed as unknown[];
      if (
        madeFor === scope &&
        typeof day === 'string' &&
        isRealDay(day) &&
        typeof number === 'number' &&
        Number.isSafeInteger(number) &&
        number > 0
      )
        return { day, number };
    }
  } catch {
    /* falls through */
  }
  throw refuse.invalid(BILLING_TEXTS.invalidCursor);
}

const figuresOf = (row: repo.InvoiceRow) => ({
  totalCents: row.totalCents,
  paidCents: row.paidCents,
  discountTakenCents: row.discountTakenCents,
  createDate: row.createDate,
  discountDays: row.discountDays,
  discountBp: row.discountBp,
});

/** spec 02 §3 invoice status on a day (the same rule as the list's SQL filter). */
function statusOf(row: repo.InvoiceRow, today: string): InvoiceStatus {
  if (row.paidCents + row.discountTakenCents >= row.totalCents) return 'paid';
  return row.dueDate < today ? 'pastDue' : 'open';
}

/** An invoice in its wire shape on `today`: what it owes, what settles it today, its discount window. */
function invoiceOf(row: repo.InvoiceRow, today: string): Invoice {
  const payoff = payoffOf(figuresOf(row), today);
  const status = statusOf(row, today);
  return {
    id: row.id,
    number: repo.invoiceNumberOf(row.number),
    create_date: row.createDate,
    due_date: row.dueDate,
    status,
    isPaid: status === 'paid',
    invoice_total: cents(row.totalCents),
    paid_against_invoice: cents(row.paidCents),
    discount_taken: cents(row.discountTakenCents),
    open_amount: cents(payoff.openCents),
    payoffAmount: cents(payoff.payoffCents),
    early_pay_discount_details:
      row.discountDays > 0
        ? [
            {
              number_of_days: row.discountDays,
              discount_bp: row.discountBp,
              last_day: payoff.lastDay,
              discount: cents(Math.round((row.totalCents * row.discountBp) / 10_000)),
            },
          ]
        : [],
    partialPaymentAllowed: row.partialPaymentAllowed,
    selected: false,
    paymentAmount: cents(payoff.payoffCents),
    attemptedPaymentAmount: row.attemptedPaymentCents === null ? null : cents(row.attemptedPaymentCents),
    order: row.orderId ? { id: row.orderId, number: row.orderNumber ?? '', poNumber: row.poNumber } : null,
  };
}

function creditMemoOf(row: { memo: repo.CreditMemoRow; invoiceNumber: number | null }): CreditMemo {
  const { memo } = row;
  return {
    id: memo.id,
    number: repo.creditMemoNumberOf(memo.number),
    date: memo.createDate,
    amount: cents(memo.amountCents),
    amount_left: cents(memo.amountCents - memo.appliedCents),
    reason: memo.reason,
    invoice:
      memo.invoiceId && row.invoiceNumber !== null
        ? { id: memo.invoiceId, number: repo.invoiceNumberOf(row.invoiceNumber) }
        : null,
    order: memo.orderId ? { id: memo.orderId, number: memo.orderNumber ?? '' } : null,
  };
}

/**
 * Billing (issue 19; spec 02 §3, §4, §7, §9): the session's business's balance, invoices and credit memos,
 * and paying them (pay.ts). `now` is the clock (tests move it): "today" is its UTC day.
 */
export function createBillingService(ctx: AppContext, deps: BillingDeps) {
  const payment = createInvoicePayment(ctx, deps.attempts);

  /** GET /api/billing-summary: every figure from the ledger, as of today. */
  async function summary(actor: Actor, now = new Date()): Promise<BillingSummary> {
    const business = businessOf(actor);
    const today = repo.dayOf(now);
    const [standing, credit, inWindow] = await Promise.all([
      creditStandingOf(ctx.db, business, now),
      repo.creditLeftOf(ctx.db, business.id),
      repo.invoicesInDiscountWindow(ctx.db, business.id, today),
    ]);
    const discounts = inWindow.map((row) => payoffOf(figuresOf(row), today).discountCents).filter((d) => d > 0);
    return {
      businessPartner: { sapBpCode: business.sapBpCode, companyName: business.companyName },
      accountBalance: cents(standing.accountBalanceCents),
      creditLimit: cents(standing.creditLimitCents),
      creditAvailable: cents(standing.creditAvailableCents),
      pastDue: { amount: cents(standing.pastDueCents), count: standing.pastDueCount },
      open: { amount: cents(standing.openCents), count: standing.openCount },
      invoiceCount: standing.invoiceCount,
      creditMemos: { amount_left: cents(credit.amountLeftCents), count: credit.count },
      discountAvailable: { amount: cents(discounts.reduce((sum, d) => sum + d, 0)), count: discounts.length },
    };
  }

  /** POST /api/invoices: a page of the business's invoices (spec 02 §7, §9), with the filtered list's sums. */
  async function invoices(actor: Actor, input: InvoiceListFilter, now = new Date()): Promise<InvoiceConnection> {
    const business = businessOf(actor);
    const today = repo.dayOf(now);
    const scope = `invoices:${input.sort}:${input.direction}`;
    const after = input.after ? decodeCursor(input.after, scope) : null;
    const { rows, totals } = await repo.listInvoices(
      ctx.db,
      business.id,
      {
        status: input.status,
        unpaid: input.unpaid,
        fromDay: input.from,
        toDay: input.to,
        search: input.search,
        today,
      },
      // One more than the page says whether there is a next one.
      { sort: input.sort, direction: input.direction, limit: input.first + 1, after },
    );
    const edges = rows.slice(0, input.first).map((row) => ({
      cursor: encodeCursor(scope, {
        day: input.sort === 'due_date' ? row.dueDate : row.createDate,
        number: row.number,
      }),
      node: invoiceOf(row, today),
    }));
    return {
      edges,
      totalCount: totals.count,
      pageInfo: { hasNextPage: rows.length > input.first, endCursor: edges.at(-1)?.cursor ?? null },
      totals: { invoice_total: cents(totals.totalCents), open_amount: cents(totals.openCents) },
    };
  }

  /** POST /api/invoice: one invoice with its order's lines, its payments (who paid) and the credit drawn on it. */
  async function invoice(actor: Actor, id: string, now = new Date()): Promise<InvoiceDetail> {
    const business = businessOf(actor);
    const row = await repo.invoiceOfPartner(ctx.db, business.id, id);
    // Another business's invoice answers as one that does not exist.
    if (!row) throw refuse.notFound(BILLING_TEXTS.invoiceNotFound);
    const [order, payments, memos] = await Promise.all([
      row.orderId ? deps.orderOf(ctx.db, business.id, row.orderId) : Promise.resolve(null),
      repo.paymentsOfInvoice(ctx.db, row.id),
      repo.creditMemosAppliedTo(ctx.db, row.id),
    ]);
    return {
      ...invoiceOf(row, repo.dayOf(now)),
      businessPartner: { sapBpCode: business.sapBpCode, companyName: business.companyName },
      lines: (order?.lines ?? []).map((line) => ({
        sku: line.sku,
        productName: line.productName,
        quantity: line.quantity,
        unitPrice: cents(line.unitPrice.cents),
        total: cents(line.total.cents),
      })),
      // Where it is billed and shipped, as its order kept them (issue 27 §11).
      billTo: order?.billingAddress ?? null,
      shipTo: order?.shippingAddress ?? null,
      // An invoice without its order (an ERP's) is all goods.
      subtotal: cents(order?.subtotal.cents ?? row.totalCents),
      shipping: cents(order?.shippingPrice.cents ?? 0),
      tax: cents(order?.tax.cents ?? 0),
      payments: payments.map((p) => ({
        receiptNumber: repo.receiptNumberOf(p.number),
        date: p.at.toISOString(),
        amount: cents(p.cashCents),
        credit: cents(p.creditCents),
        discount: cents(p.discountCents),
        method: p.method ?? 'Credit memo',
        paidBy: { name: p.paidByName, actingFor: p.actingForName },
      })),
      creditMemos: memos.map((memo) => ({ id: memo.id, number: repo.creditMemoNumberOf(memo.number) })),
    };
  }

  /** POST /api/credit-memos: a page of the business's credit memos, newest first; open ones only on request. */
  async function creditMemos(actor: Actor, input: CreditMemoListFilter): Promise<CreditMemoConnection> {
    const business = businessOf(actor);
    const scope = 'credit-memos';
    const after = input.after ? decodeCursor(input.after, scope) : null;
    const { rows, totalCount } = await repo.listCreditMemos(
      ctx.db,
      business.id,
      { open: input.open, fromDay: input.from, toDay: input.to, search: input.search },
      { limit: input.first + 1, after },
    );
    const edges = rows.slice(0, input.first).map((row) => ({
      cursor: encodeCursor(scope, { day: row.memo.createDate, number: row.memo.number }),
      node: creditMemoOf(row),
    }));
    return {
      edges,
      totalCount,
      pageInfo: { hasNextPage: rows.length > input.first, endCursor: edges.at(-1)?.cursor ?? null },
    };
  }

  /** POST /api/credit-memo: one credit memo and where its amount went. */
  async function creditMemo(actor: Actor, id: string): Promise<CreditMemoDetail> {
    const business = businessOf(actor);
    const row = await repo.creditMemoOfPartner(ctx.db, business.id, id);
    if (!row) throw refuse.notFound(BILLING_TEXTS.creditMemoNotFound);
    const applications = await repo.applicationsOfCreditMemo(ctx.db, row.memo.id);
    return {
      ...creditMemoOf(row),
      applications: applications.map((a) => ({
        receiptNumber: repo.receiptNumberOf(a.receiptNumber),
        date: a.at.toISOString(),
        invoice: { id: a.invoiceId, number: repo.invoiceNumberOf(a.invoiceNumber) },
        amount: cents(a.creditCents),
      })),
    };
  }

  return { summary, invoices, invoice, creditMemos, creditMemo, pay: payment.pay };
}
export type BillingService = ReturnType<typeof createBillingService>;
