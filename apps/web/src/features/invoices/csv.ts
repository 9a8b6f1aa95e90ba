import type { CreditMemo, Invoice } from '@portal/contracts/billing';
import { plainDecimal, STATUS_LABELS } from './format.ts';
import { toCsv } from '../../lib/csv.ts';

export const CSV_HEADER = ['Number', 'Date', 'Due date', 'Status', 'Total', 'Paid', 'Open', 'Payoff'] as const;

/**
 * The invoices as a CSV file (issue 19: number, date, due date, status, total, paid, open, payoff): days as
 * YYYY-MM-DD (spec 02 §9, what a spreadsheet sorts and reads as a date), money as plain decimals (1234.50),
 * lines ended by CRLF.
 */
export function invoicesCsv(invoices: readonly Invoice[]): string {
  const rows = invoices.map((invoice) => [
    invoice.number,
    invoice.create_date,
    invoice.due_date,
    STATUS_LABELS[invoice.status],
    plainDecimal(invoice.invoice_total.amount),
    plainDecimal(invoice.paid_against_invoice.amount),
    plainDecimal(invoice.open_amount.amount),
    plainDecimal(invoice.payoffAmount.amount),
  ]);
  return toCsv(CSV_HEADER, rows);
}

export const CREDIT_MEMO_CSV_HEADER = ['Number', 'Date', 'Amount', 'Left', 'Reason', 'Invoice', 'Order'] as const;

/** The credit memos as a CSV file (issue 27 §11, as the invoices'): what a bookkeeper files beside them. */
export function creditMemosCsv(memos: readonly CreditMemo[]): string {
  const rows = memos.map((memo) => [
    memo.number,
    memo.date,
    plainDecimal(memo.amount.amount),
    plainDecimal(memo.amount_left.amount),
    memo.reason,
    memo.invoice?.number ?? '',
    memo.order?.number ?? '',
  ]);
  return toCsv(CREDIT_MEMO_CSV_HEADER, rows);
}
