import { sql } from 'drizzle-orm';
import type { StoredFailure } from '../../attempts/failure.ts';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { users } from '../users/schema.ts';
import { businessPartners } from '../business-partners/schema.ts';
import { orders } from '../orders/schema.ts';
import { paymentMethods } from '../payment-methods/schema.ts';

/*
 * The receivables ledger (issue 19; spec 02 §3 invoice, credit memo; §4 invoice payment), kept as an ERP
 * keeps it: documents (invoices, credit memos) and the payments applied to them. Money in integer cents,
 * days as dates (UTC calendar days, spec 02 §9). An invoice's and a credit memo's running sums (paid_cents,
 * discount_taken_cents, applied_cents) are the sums of their payment_applications, written in the same
 * transaction; the CHECKs make an overpayment impossible whatever races (docs/decisions.md "Billing").
 */

/** An invoice: what the business owes for an order it bought on terms (or one an ERP would feed in). */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The number a dealer quotes (shown as INV-200001). */
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    businessPartnerId: uuid('business_partner_id')
      .notNull()
      .references(() => businessPartners.id, { onDelete: 'cascade' }),
    /** The order it bills: one invoice per order. */
    orderId: uuid('order_id')
      .unique()
      .references(() => orders.id, { onDelete: 'set null' }),
    /** The order's and PO numbers as printed on the invoice (a document keeps what it was issued with). */
    orderNumber: text('order_number'),
    poNumber: text('po_number'),
    createDate: date('create_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** Cash and credit applied so far. */
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    /** The early-pay discount taken when it was paid off inside its window. */
    discountTakenCents: bigint('discount_taken_cents', { mode: 'number' }).notNull().default(0),
    /** spec 02 §3 early_pay_discount_details: number_of_days, and the discount in basis points. */
    discountDays: integer('discount_days').notNull(),
    discountBp: integer('discount_bp').notNull(),
    /** Whether it may be paid in part (decided when issued: docs/decisions.md "Billing"). */
    partialPaymentAllowed: boolean('partial_payment_allowed').notNull().default(true),
    /** The last amount someone tried to pay on it, kept even when the charge failed. */
    attemptedPaymentCents: bigint('attempted_payment_cents', { mode: 'number' }),
    /** The payment being charged for it right now: no second payment decides on it meanwhile. */
    heldByPaymentId: uuid('held_by_payment_id').references((): AnyPgColumn => invoicePayments.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [
    index('invoices_business_create').on(t.businessPartnerId, t.createDate, t.number),
    index('invoices_business_due').on(t.businessPartnerId, t.dueDate, t.number),
    check('invoices_total_positive', sql`${t.totalCents} > 0`),
    check('invoices_sums_not_negative', sql`${t.paidCents} >= 0 and ${t.discountTakenCents} >= 0`),
    // Nothing overpays an invoice, whatever two payments do at once.
    check('invoices_not_overpaid', sql`${t.paidCents} + ${t.discountTakenCents} <= ${t.totalCents}`),
    check('invoices_due_after_create', sql`${t.dueDate} >= ${t.createDate}`),
  ],
);

/** A credit memo: money the business is owed (a return, a price adjustment), applied to invoices as credit. */
export const creditMemos = pgTable(
  'credit_memos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as CM-300001. */
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    businessPartnerId: uuid('business_partner_id')
      .notNull()
      .references(() => businessPartners.id, { onDelete: 'cascade' }),
    createDate: date('create_date', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** Applied to invoices so far. */
    appliedCents: bigint('applied_cents', { mode: 'number' }).notNull().default(0),
    reason: text('reason').notNull(),
    /** Where it came from: the invoice, and the order (its number as printed). */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderNumber: text('order_number'),
    heldByPaymentId: uuid('held_by_payment_id').references((): AnyPgColumn => invoicePayments.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [
    index('credit_memos_business_create').on(t.businessPartnerId, t.createDate, t.number),
    check('credit_memos_amount_positive', sql`${t.amountCents} > 0`),
    check('credit_memos_applied_within', sql`${t.appliedCents} >= 0 and ${t.appliedCents} <= ${t.amountCents}`),
  ],
);

/**
 * One invoice payment (the receipt): who paid (the real person, and the dealer a rep acted for), under
 * which Idempotency-Key, what was decided (the snapshot), charged and answered (the receipt). Its id is
 * the processor's idempotency key, so a crash between charge and ledger leaves a charge recovery finds.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as RCPT-400001. */
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    businessPartnerId: uuid('business_partner_id')
      .notNull()
      .references(() => businessPartners.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    paidByName: text('paid_by_name').notNull(),
    paidByEmail: text('paid_by_email').notNull(),
    /** Whom a sales rep acted for (the dealer primary, else the business); null when staff paid. */
    actingForName: text('acting_for_name'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** 'charging' (decided, the ledger not yet written), 'succeeded' or 'failed'. */
    status: text('status').notNull(),
    /** How it was paid ('Visa **** 4242'); null when credit covered it all. */
    methodLabel: text('method_label'),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    chargedCents: bigint('charged_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull(),
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull(),
    processorChargeId: text('processor_charge_id'),
    /** A failure's answer, replayed to a retry under the same key. */
    failure: jsonb('failure').$type<StoredFailure>(),
    /** What the deciding transaction decided: the applications to write and what to charge. */
    snapshot: jsonb('snapshot').notNull(),
    /** The answer (receipt) once it succeeded, replayed to a retry under the same key. */
    receipt: jsonb('receipt'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invoice_payments_key').on(t.userId, t.idempotencyKey),
    index('invoice_payments_business').on(t.businessPartnerId, t.createdAt),
    index('invoice_payments_charging')
      .on(t.createdAt)
      .where(sql`${t.status} = 'charging'`),
    check('invoice_payments_status', sql`${t.status} in ('charging', 'succeeded', 'failed')`),
    check(
      'invoice_payments_sums_not_negative',
      sql`${t.chargedCents} >= 0 and ${t.discountCents} >= 0 and ${t.creditCents} >= 0`,
    ),
  ],
);

/**
 * What a payment did to one invoice: cash (card or bank), credit from one credit memo, or the early-pay
 * discount taken. A row names a credit memo when it carries credit; cash and discount sit on the row
 * without one.
 */
export const paymentApplications = pgTable(
  'payment_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => invoicePayments.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    creditMemoId: uuid('credit_memo_id').references(() => creditMemos.id, { onDelete: 'cascade' }),
    cashCents: bigint('cash_cents', { mode: 'number' }).notNull().default(0),
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull().default(0),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('payment_applications_payment').on(t.paymentId),
    index('payment_applications_invoice').on(t.invoiceId),
    index('payment_applications_credit_memo').on(t.creditMemoId),
    check(
      'payment_applications_sums',
      sql`${t.cashCents} >= 0 and ${t.creditCents} >= 0 and ${t.discountCents} >= 0
        and (${t.creditMemoId} is not null or ${t.creditCents} = 0)
        and (${t.creditMemoId} is null or (${t.cashCents} = 0 and ${t.discountCents} = 0))`,
    ),
  ],
);
