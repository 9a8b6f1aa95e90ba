import type { CreditMemo, Invoice } from '@portal/contracts/billing';
import { plainDecimal, STATUS_LABELS } from './format.ts';

export const CSV_HEADER = ['Number', 'Date', 'Due date', 'Status', 'Total', 'Paid', 'Open', 'Payoff'] as const;

/**
 * A field as RFC 4180 writes it (quoted when it holds a comma, a quote or a line break), and never read as
 * a formula by a spreadsheet (a leading =, +, - or @ is kept as text with a quote mark before it).
 */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

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
  return [CSV_HEADER, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
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
  return [CREDIT_MEMO_CSV_HEADER, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/** Hands a file built in the browser to the person (their browser saves it under `name`). */
export function download(name: string, content: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click is handled; the next task frees the memory.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
