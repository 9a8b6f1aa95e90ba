import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreditMemo,
  CreditMemoConnection,
  CreditMemoListRequest,
  Invoice,
  InvoiceConnection,
  InvoiceListRequest,
  PayInvoicesRequest,
  Receipt,
} from '@portal/contracts/billing';
import { INVOICES_MAX_PAGE } from '@portal/contracts/constants';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../lib/api.ts';

/**
 * Everything of the ledger (summary, invoices, credit memos) is under this key, per user and business: a
 * payment refreshes all of it, and another business's figures never show for this one.
 */
const LEDGER_KEY = 'ledger';

/** A page seen a moment ago is shown again without asking (Previous, Next back); a payment refreshes them all. */
const PAGE_STALE_MS = 30_000;

/** Whose ledger a key is about: the signed-in user and the business the session acts for. */
export type LedgerScope = readonly [user: string, business: string];

/** GET /api/billing-summary: the /billing page's figures, all from the ledger. */
export const billingSummaryQuery = (scope: LedgerScope) =>
  queryOptions({
    queryKey: [LEDGER_KEY, scope, 'summary'],
    queryFn: ({ signal }) => call(routes.billing.summary, { signal }),
  });

/**
 * POST /api/invoices, one table page: the request (filters, sort, `first`, `after`) is the key, so each
 * page is kept and Previous shows it at once. The last page stays on screen while the next one is asked.
 */
export const invoicePageQuery = (scope: LedgerScope, request: InvoiceListRequest) =>
  queryOptions({
    queryKey: [LEDGER_KEY, scope, 'invoices', request],
    queryFn: ({ signal }) => call(routes.billing.invoices, { body: request, signal }),
    staleTime: PAGE_STALE_MS,
    placeholderData: keepPreviousData,
  });

/** POST /api/invoice: one invoice; another business's, or none, answers 404 (no retry then). */
export const invoiceQuery = (scope: LedgerScope, id: string) =>
  queryOptions({
    queryKey: [LEDGER_KEY, scope, 'invoice', id],
    queryFn: ({ signal }) => call(routes.billing.invoice, { body: { id }, signal }),
    retry: false,
  });

/** POST /api/credit-memos, one table page (as invoicePageQuery). */
export const creditMemoPageQuery = (scope: LedgerScope, request: CreditMemoListRequest) =>
  queryOptions({
    queryKey: [LEDGER_KEY, scope, 'credit-memos', request],
    queryFn: ({ signal }) => call(routes.billing.creditMemos, { body: request, signal }),
    staleTime: PAGE_STALE_MS,
    placeholderData: keepPreviousData,
  });

/** POST /api/credit-memo: one credit memo. */
export const creditMemoQuery = (scope: LedgerScope, id: string) =>
  queryOptions({
    queryKey: [LEDGER_KEY, scope, 'credit-memo', id],
    queryFn: ({ signal }) => call(routes.billing.creditMemo, { body: { id }, signal }),
    retry: false,
  });

/**
 * Every invoice of a filtered list, in pages of the most the server gives (spec 02 §9: 100), for the CSV.
 * `onProgress` hears how many have come of how many there are.
 */
export async function fetchAllInvoices(
  request: Omit<InvoiceListRequest, 'first' | 'after'>,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<Invoice[]> {
  const invoices: Invoice[] = [];
  let after: string | null = null;
  for (;;) {
    const page: InvoiceConnection = await call(routes.billing.invoices, {
      body: { ...request, first: INVOICES_MAX_PAGE, ...(after ? { after } : {}) },
      signal,
    });
    invoices.push(...page.edges.map((edge) => edge.node));
    onProgress(invoices.length, page.totalCount);
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor || page.edges.length === 0) return invoices;
    after = page.pageInfo.endCursor;
  }
}

/** Every credit memo of a filtered list, in pages of 100, for the CSV (as fetchAllInvoices). */
export async function fetchAllCreditMemos(
  request: Omit<CreditMemoListRequest, 'first' | 'after'>,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<CreditMemo[]> {
  const memos: CreditMemo[] = [];
  let after: string | null = null;
  for (;;) {
    const page: CreditMemoConnection = await call(routes.billing.creditMemos, {
      body: { ...request, first: INVOICES_MAX_PAGE, ...(after ? { after } : {}) },
      signal,
    });
    memos.push(...page.edges.map((edge) => edge.node));
    onProgress(memos.length, page.totalCount);
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor || page.edges.length === 0) return memos;
    after = page.pageInfo.endCursor;
  }
}

/** One try to pay: what is sent, and the Idempotency-Key it is sent under. */
export interface PaymentAttempt {
  body: PayInvoicesRequest;
  key: string;
}

/**
 * POST /api/pay-invoice (201 with the receipt). Not retried by itself: a retry is the person's, under the
 * attempt's own key, so the server answers the first payment and never pays twice. Whatever the answer,
 * the ledger is asked again (a refused payment may still have recorded the attempted amount).
 */
export function usePayInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: PaymentAttempt): Promise<Receipt> =>
      call(routes.billing.pay, { body, headers: { 'Idempotency-Key': key } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [LEDGER_KEY] }),
  });
}

/** Asks the ledger again (after a refusal that says it changed). */
export function useRefreshLedger() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [LEDGER_KEY] });
}
