import { z } from 'zod';
import { INVOICES_MAX_PAGE } from './constants.ts';
import { orderAddressSchema } from './orders.ts';

/**
 * Billing (issue 19; spec 02 §3 invoice and credit memo, §4 invoice payment, §7 "Invoices, credit memos,
 * orders", §9): the receivables ledger the portal keeps as an ERP would. Money in integer cents
 * ({ amount: cents }, as spec 02 §3 names invoice_total.amount); days as YYYY-MM-DD (spec 02 §9).
 */

const money = z.object({ amount: z.number().int() });

/**
 * Our terms (docs/decisions.md "Billing"): net 30, 2 % off when paid within 10 days of the invoice date. An
 * invoice under $100.00 is paid in full (PARTIAL_PAYMENT_NOT_ALLOWED); larger ones may be paid in part.
 */
export const INVOICE_TERMS = { netDays: 30, discountDays: 10, discountBp: 200, partialMinTotalCents: 10_000 } as const;

export const INVOICE_STATUSES = ['open', 'pastDue', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Texts of Billing the spec does not give (ours, docs/decisions.md "Billing"). */
export const BILLING_TEXTS = {
  invoiceNotFound: 'Invoice not found.',
  creditMemoNotFound: 'Credit memo not found.',
  /** spec 01 §6: Billing shows for owners, the dealer's accountant, and sales reps with a business. */
  noBilling: 'Billing is for the business’s owner and accountant. Ask your dealer’s owner for access.',
  selectBusiness: 'Select a business to see its invoices.',
  invalidCursor: 'This page is no longer valid. Please reload the list.',
  dayFormat: 'Enter a date as YYYY-MM-DD.',
  dayOrder: 'The end date can not be before the start date.',
  first: `Ask for 1 to ${INVOICES_MAX_PAGE} at a time.`,
  search: 'Search with at most 40 characters.',
  noInvoices: 'Choose at least one invoice to pay.',
  tooManyInvoices: 'Pay at most 100 invoices at a time.',
  duplicateInvoice: 'Each invoice can be chosen once.',
  amountPositive: 'Enter an amount greater than $0.00.',
  /** issue 27 §6: '100.005' is no amount of money. */
  amountDollars: 'Enter dollars and cents, such as 125.50.',
  amountOverPayoff: 'The amount can not be more than what is owed on the invoice.',
  alreadyPaid: 'This invoice is already paid.',
  /** PARTIAL_PAYMENT_NOT_ALLOWED (spec 02 §8: its own error, text not shown). */
  partialNotAllowed: 'This invoice must be paid in full. Pay its full amount, or leave it out of this payment.',
  creditMemoUsed: 'This credit memo has no amount left to apply.',
  creditOverLeft: 'The amount can not be more than what is left of the credit memo.',
  creditOverTotal: 'The credit memos are worth more than the invoices chosen. Apply less credit or add invoices.',
  paymentMethodRequired: 'Choose a card or a verified bank account to pay with.',
  paymentMethodNotFound: 'This card or bank account is no longer on file. Choose another.',
  changedSinceShown: 'These invoices have changed since you opened them. Review the amounts and pay again.',
  idempotencyKeyRequired: 'This payment could not be sent. Please try again.',
  idempotencyKeyReused: 'This payment was already sent with other details. Reload the page to pay again.',
  inProgress: 'This payment is still being processed. Please wait a moment and check your invoices.',
  /** A payment a crash interrupted before its charge went through: ended, nothing charged. */
  notCompleted: 'This payment could not be completed and nothing was charged. Please pay again.',
  receiptSubject: (number: string) => `Payment receipt ${number}`,
} as const;

/** spec 02 §3 early_pay_discount_details: within number_of_days of create_date, discount_percent off. */
export const earlyPayDiscountSchema = z.object({
  number_of_days: z.number().int(),
  /** Basis points of the invoice total (200 = 2 %). */
  discount_bp: z.number().int(),
  /** The last day the discount holds (create_date + number_of_days − 1): "before create_date plus number_of_days". */
  last_day: z.string(),
  /** The discount as money, on the invoice's total. */
  discount: money,
});

/** A payment applied to an invoice, as the invoice shows it (who paid, how, when). */
export const invoicePaymentLineSchema = z.object({
  receiptNumber: z.string(),
  date: z.string(),
  /** Cash paid (card or bank), credit applied and discount taken on this invoice. */
  amount: money,
  credit: money,
  discount: money,
  method: z.string(),
  paidBy: z.object({ name: z.string(), actingFor: z.string().nullable() }),
});

/**
 * spec 02 §3 invoice: id, number, selected, paymentAmount, attemptedPaymentAmount, isPaid, create_date,
 * invoice_total.amount, payoffAmount.amount, paid_against_invoice.amount, early_pay_discount_details
 * (list with number_of_days); with due_date, status and the order behind it (ours).
 * - payoffAmount: what settles it today (open amount, less the early-pay discount while it holds);
 * - paid_against_invoice: cash and credit applied so far (discount taken is not paid: `discount_taken`);
 * - selected / paymentAmount: the screen's choice (false / payoffAmount as the server answers it);
 * - attemptedPaymentAmount: the last amount someone tried to pay, recorded even when the charge failed.
 */
export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  create_date: z.string(),
  due_date: z.string(),
  status: z.enum(INVOICE_STATUSES),
  isPaid: z.boolean(),
  invoice_total: money,
  paid_against_invoice: money,
  discount_taken: money,
  /** What is still owed without a discount: total − paid − discount taken. */
  open_amount: money,
  payoffAmount: money,
  early_pay_discount_details: z.array(earlyPayDiscountSchema),
  /** Whether it can be paid in part (ours: an invoice of INVOICE_TERMS.partialMinTotalCents or more). */
  partialPaymentAllowed: z.boolean(),
  selected: z.boolean(),
  paymentAmount: money,
  attemptedPaymentAmount: money.nullable(),
  order: z.object({ id: z.string(), number: z.string(), poNumber: z.string().nullable() }).nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** One invoice in full: its lines (the order's), the payments applied and the credit memos drawn on it. */
export const invoiceDetailSchema = invoiceSchema.extend({
  businessPartner: z.object({ sapBpCode: z.string(), companyName: z.string() }),
  lines: z.array(
    z.object({ sku: z.string(), productName: z.string(), quantity: z.number().int(), unitPrice: money, total: money }),
  ),
  subtotal: money,
  shipping: money,
  tax: money,
  payments: z.array(invoicePaymentLineSchema),
  creditMemos: z.array(z.object({ id: z.string(), number: z.string() })),
  /**
   * Ours (issue 27 §11): where the invoice is billed and its goods were shipped, as its order kept them;
   * null for an invoice without its order (the ERP's history).
   */
  billTo: orderAddressSchema.nullable(),
  shipTo: orderAddressSchema.nullable(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

/** spec 02 §3 credit memo (node.id; the rest ours): number, date, amount, amount left, reason, where it came from. */
export const creditMemoSchema = z.object({
  id: z.string(),
  number: z.string(),
  date: z.string(),
  amount: money,
  amount_left: money,
  reason: z.string(),
  invoice: z.object({ id: z.string(), number: z.string() }).nullable(),
  order: z.object({ id: z.string(), number: z.string() }).nullable(),
});
export type CreditMemo = z.infer<typeof creditMemoSchema>;

/** A credit memo in full: where its amount went (the invoices it was applied to). */
export const creditMemoDetailSchema = creditMemoSchema.extend({
  applications: z.array(
    z.object({
      receiptNumber: z.string(),
      date: z.string(),
      invoice: z.object({ id: z.string(), number: z.string() }),
      amount: money,
    }),
  ),
});
export type CreditMemoDetail = z.infer<typeof creditMemoDetailSchema>;

const daySchema = () =>
  z.iso.date(BILLING_TEXTS.dayFormat).refine((day) => !day.startsWith('0000'), BILLING_TEXTS.dayFormat);

const pageFields = {
  first: z
    .number(BILLING_TEXTS.first)
    .int(BILLING_TEXTS.first)
    .min(1, BILLING_TEXTS.first)
    .max(INVOICES_MAX_PAGE, BILLING_TEXTS.first)
    .default(INVOICES_MAX_PAGE),
  after: z.string().min(1, BILLING_TEXTS.invalidCursor).max(200, BILLING_TEXTS.invalidCursor).nullish(),
  /** Calendar days in UTC, inclusive (spec 02 §9 "start to end of day"), on the invoice or memo date. */
  from: daySchema().nullish(),
  to: daySchema().nullish(),
  /** Contains, on the number as shown ('INV-200001') and, for invoices, the order's and PO numbers. */
  search: z.string().trim().max(40, BILLING_TEXTS.search).nullish(),
};
const dayOrder = { message: BILLING_TEXTS.dayOrder, path: ['to'] };

export const INVOICE_SORTS = ['create_date', 'due_date'] as const;

/**
 * POST /api/invoices (spec 02 §7, §9: pages of at most 100 with cursors): the session's business's invoices,
 * by status (open: unpaid and not yet due; pastDue: unpaid after its due date; paid), sorted by date or due
 * date, newest first unless `direction` says otherwise.
 */
export const invoiceListRequestSchema = z
  .object({
    ...pageFields,
    status: z.enum(INVOICE_STATUSES).nullish(),
    /** Both open and past-due: everything unpaid (the payment screen's list). */
    unpaid: z.boolean().nullish(),
    sort: z.enum(INVOICE_SORTS).default('create_date'),
    direction: z.enum(['asc', 'desc']).default('desc'),
  })
  .refine(({ from, to }) => !from || !to || from <= to, dayOrder);
export type InvoiceListRequest = z.input<typeof invoiceListRequestSchema>;
export type InvoiceListFilter = z.output<typeof invoiceListRequestSchema>;

export const creditMemoListRequestSchema = z
  .object({ ...pageFields, open: z.boolean().nullish() })
  .refine(({ from, to }) => !from || !to || from <= to, dayOrder);
export type CreditMemoListRequest = z.input<typeof creditMemoListRequestSchema>;
export type CreditMemoListFilter = z.output<typeof creditMemoListRequestSchema>;

const connectionOf = <T extends z.ZodType>(node: T) =>
  z.object({
    edges: z.array(z.object({ node, cursor: z.string() })),
    totalCount: z.number().int(),
    pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
  });

/** spec 01 §3 connection results, with the sums of the filtered list (the screen's totals row). */
export const invoiceConnectionSchema = connectionOf(invoiceSchema).extend({
  totals: z.object({ invoice_total: money, open_amount: money }),
});
export type InvoiceConnection = z.infer<typeof invoiceConnectionSchema>;
export const creditMemoConnectionSchema = connectionOf(creditMemoSchema);
export type CreditMemoConnection = z.infer<typeof creditMemoConnectionSchema>;

/** POST /api/invoice and /api/credit-memo: one of the session's business's, by id. */
export const invoiceIdRequestSchema = z.object({ id: z.uuid(BILLING_TEXTS.invoiceNotFound) });
export const creditMemoIdRequestSchema = z.object({ id: z.uuid(BILLING_TEXTS.creditMemoNotFound) });

const cents = () =>
  z
    .number(BILLING_TEXTS.amountPositive)
    .int(BILLING_TEXTS.amountPositive)
    .min(1, BILLING_TEXTS.amountPositive)
    .max(1e11);

/**
 * POST /api/pay-invoice (Idempotency-Key header, like checkout): several invoices, each with the amount to
 * settle on it (paymentAmount, in cents, discount not included: paying an invoice's payoffAmount while its
 * discount holds settles it in full), open credit memos to apply (`amount` of it; without one, as much of
 * what is left as the invoices still need, in the order sent), and a saved card or verified bank account
 * for the rest. Credit goes to the invoices first, in the order sent; cash covers what credit does not.
 * `expectedTotal` is what the screen showed: a changed ledger since refuses the payment rather than charge
 * another figure.
 */
export const payInvoicesRequestSchema = z
  .object({
    invoices: z
      .array(z.object({ id: z.uuid(BILLING_TEXTS.invoiceNotFound), paymentAmount: cents() }))
      .min(1, BILLING_TEXTS.noInvoices)
      .max(100, BILLING_TEXTS.tooManyInvoices),
    creditMemos: z
      .array(z.object({ id: z.uuid(BILLING_TEXTS.creditMemoNotFound), amount: cents().nullish() }))
      .max(100)
      .default([]),
    paymentMethodId: z.string().max(64).nullish(),
    expectedTotal: z.number().int().min(0).nullish(),
  })
  .refine(({ invoices }) => new Set(invoices.map((i) => i.id)).size === invoices.length, {
    message: BILLING_TEXTS.duplicateInvoice,
    path: ['invoices'],
  })
  .refine(({ creditMemos }) => new Set(creditMemos.map((c) => c.id)).size === creditMemos.length, {
    message: BILLING_TEXTS.duplicateInvoice,
    path: ['creditMemos'],
  });
export type PayInvoicesRequest = z.input<typeof payInvoicesRequestSchema>;

/** The receipt (the complete page, and the mail): number, invoices and amounts, discount taken, credit, method. */
export const receiptSchema = z.object({
  id: z.string(),
  number: z.string(),
  date: z.string(),
  businessPartner: z.object({ sapBpCode: z.string(), companyName: z.string() }),
  invoices: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      /** What this payment settled on it: cash and credit, and the discount taken. */
      paid: money,
      discount: money,
      isPaid: z.boolean(),
    }),
  ),
  creditMemos: z.array(z.object({ id: z.string(), number: z.string(), applied: money })),
  discount: money,
  credit: money,
  /** What was charged to the card or bank account (0 when credit covered it all). */
  charged: money,
  method: z.string().nullable(),
  paidBy: z.object({ name: z.string(), actingFor: z.string().nullable() }),
  /** The business's balance after this payment (the ledger's). */
  accountBalance: money,
});
export type Receipt = z.infer<typeof receiptSchema>;

/** What the payment preview and the server agree on: the sums of a payment before it is sent. */
export interface PaymentSums {
  invoices: number;
  discount: number;
  credit: number;
  charge: number;
}

/** A day (YYYY-MM-DD) plus n days, in UTC. */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** What an invoice's figures are on a day: the ledger's side of spec 02 §4 "Invoice payment". */
export interface InvoiceFigures {
  totalCents: number;
  /** Cash and credit applied so far. */
  paidCents: number;
  discountTakenCents: number;
  createDate: string;
  discountDays: number;
  discountBp: number;
}

/**
 * The early-pay discount holds while `today` is before create_date plus number_of_days (spec 02 §4): its
 * last day is create_date + number_of_days − 1. It is taken once, on paying the invoice off in full, and
 * never exceeds what is open. The server charges by this function; the payment screen shows by it.
 */
export function payoffOf(invoice: InvoiceFigures, today: string) {
  const open = Math.max(0, invoice.totalCents - invoice.paidCents - invoice.discountTakenCents);
  const lastDay = addDays(invoice.createDate, invoice.discountDays - 1);
  const inWindow = invoice.discountDays > 0 && today < addDays(invoice.createDate, invoice.discountDays);
  const discountCents =
    inWindow && invoice.discountTakenCents === 0 && open > 0
      ? Math.min(open, Math.round((invoice.totalCents * invoice.discountBp) / 10_000))
      : 0;
  return { openCents: open, discountCents, payoffCents: open - discountCents, lastDay, inWindow };
}

/**
 * The sums of a payment (the screen's preview and the server's charge): per invoice, paying its payoff
 * settles it with the discount; less is a partial payment without one. Credit is drawn before the card.
 */
export function paymentSumsOf(
  invoices: readonly { paymentCents: number; payoffCents: number; discountCents: number }[],
  creditCents: number,
): PaymentSums {
  const total = invoices.reduce((sum, invoice) => sum + invoice.paymentCents, 0);
  const discount = invoices.reduce(
    (sum, invoice) => sum + (invoice.paymentCents >= invoice.payoffCents ? invoice.discountCents : 0),
    0,
  );
  const credit = Math.min(creditCents, total);
  return { invoices: total, discount, credit, charge: total - credit };
}

/** GET /api/billing-summary: the Billing page's figures, all from the ledger. */
export const billingSummarySchema = z.object({
  businessPartner: z.object({ sapBpCode: z.string(), companyName: z.string() }),
  accountBalance: money,
  creditLimit: money,
  /** What is left of the credit limit (never below 0). */
  creditAvailable: money,
  pastDue: z.object({ amount: money, count: z.number().int() }),
  open: z.object({ amount: money, count: z.number().int() }),
  invoiceCount: z.number().int(),
  creditMemos: z.object({ amount_left: money, count: z.number().int() }),
  /** Invoices whose early-pay discount still holds, and the discount they offer today. */
  discountAvailable: z.object({ amount: money, count: z.number().int() }),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;
