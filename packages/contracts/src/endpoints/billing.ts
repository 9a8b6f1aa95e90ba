import {
  billingSummarySchema,
  creditMemoConnectionSchema,
  creditMemoDetailSchema,
  creditMemoIdRequestSchema,
  creditMemoListRequestSchema,
  invoiceConnectionSchema,
  invoiceDetailSchema,
  invoiceIdRequestSchema,
  invoiceListRequestSchema,
  payInvoicesRequestSchema,
  receiptSchema,
} from '../billing.ts';
import { endpoint } from './endpoint.ts';

const tags = ['billing'];

/** Billing: the session's business's invoices, credit memos and invoice payments (spec 02 §4, §7, §9; issue 19). */
export const billing = {
  summary: endpoint({
    method: 'GET',
    path: '/api/billing-summary',
    response: billingSummarySchema,
    summary:
      'The session’s business’s balance, credit limit, past-due and open invoices and credit left, from the ledger',
    tags,
  }),
  invoices: endpoint({
    method: 'POST',
    path: '/api/invoices',
    body: invoiceListRequestSchema,
    response: invoiceConnectionSchema,
    readOnly: true,
    summary: 'The session’s business’s invoices, up to 100 a page (cursor), by status, UTC days and number',
    tags,
  }),
  invoice: endpoint({
    method: 'POST',
    path: '/api/invoice',
    body: invoiceIdRequestSchema,
    response: invoiceDetailSchema,
    readOnly: true,
    summary: 'One invoice of the session’s business, with its lines, payments and discount window',
    tags,
  }),
  creditMemos: endpoint({
    method: 'POST',
    path: '/api/credit-memos',
    body: creditMemoListRequestSchema,
    response: creditMemoConnectionSchema,
    readOnly: true,
    summary: 'The session’s business’s credit memos, up to 100 a page (cursor), open ones only on request',
    tags,
  }),
  creditMemo: endpoint({
    method: 'POST',
    path: '/api/credit-memo',
    body: creditMemoIdRequestSchema,
    response: creditMemoDetailSchema,
    readOnly: true,
    summary: 'One credit memo of the session’s business, with where its amount was applied',
    tags,
  }),
  pay: endpoint({
    method: 'POST',
    path: '/api/pay-invoice',
    body: payInvoicesRequestSchema,
    response: receiptSchema,
    status: 201,
    // A retry under the same Idempotency-Key answers the same receipt, 200.
    otherResponses: { 200: receiptSchema },
    summary:
      'Pay invoices (Idempotency-Key): amounts per invoice, credit memos applied, early-pay discount, the rest by card or bank',
    tags,
  }),
};
