/** What the billing repo's parts share: row types, the numbers as quoted, days, and the open-amount SQL. */
import { sql, type SQL } from 'drizzle-orm';
import { type InvoiceStatus } from '@portal/contracts';
import type { creditMemos, invoicePayments, paymentApplications } from '../schema.ts';
import { invoices } from '../schema.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type CreditMemoRow = typeof creditMemos.$inferSelect;
export type PaymentRow = typeof invoicePayments.$inferSelect;
export type NewApplication = Omit<typeof paymentApplications.$inferInsert, 'id' | 'paymentId'>;

/** The numbers as a dealer quotes them. */
export const invoiceNumberOf = (number: number) => `INV-${number}`;
export const creditMemoNumberOf = (number: number) => `CM-${number}`;
export const receiptNumberOf = (number: number) => `RCPT-${number}`;

/** A UTC calendar day (YYYY-MM-DD): spec 02 §9, days are UTC. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** `%text%` for LIKE, its own wildcards taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What is still owed on an invoice, without a discount. */
export const openOf = sql<number>`(${invoices.totalCents} - ${invoices.paidCents} - ${invoices.discountTakenCents})`;
export const isUnpaid = sql`${invoices.paidCents} + ${invoices.discountTakenCents} < ${invoices.totalCents}`;
export const isPaid = sql`${invoices.paidCents} + ${invoices.discountTakenCents} >= ${invoices.totalCents}`;

/** spec 02 §3 invoice status on a day: paid; past due (unpaid after its due date); else open. */
export function statusCondition(status: InvoiceStatus, today: string): SQL {
  if (status === 'paid') return isPaid;
  if (status === 'pastDue') return sql`(${isUnpaid} and ${invoices.dueDate} < ${today}::date)`;
  return sql`(${isUnpaid} and ${invoices.dueDate} >= ${today}::date)`;
}

/** A sum in cents (0 when nothing matched) and a count, as numbers. */
export const money = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::bigint`.mapWith(Number);
export const counted = (expression: SQL) => sql<number>`${expression}::int`.mapWith(Number);
