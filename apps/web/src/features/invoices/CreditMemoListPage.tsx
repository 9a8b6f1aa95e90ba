import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BILLING_TEXTS, type CreditMemo } from '@portal/contracts/billing';
import { countOf, formatMoney } from '@portal/contracts/format';
import { LoadError } from '../../components/LoadError.tsx';
import { ApiError } from '../../lib/api.ts';
import { creditMemoPageQuery, type LedgerScope } from './api.ts';
import {
  creditMemoFilterParams,
  creditMemoFormValues,
  creditMemoListFilter,
  hasFilters,
  parseCreditMemoFilters,
  type CreditMemoFilters,
} from './filters.ts';
import { formatDay } from './format.ts';
import { usePaging } from './usePaging.ts';
import { LedgerFiltersForm } from './components/LedgerFiltersForm.tsx';
import { Pager } from './components/Pager.tsx';

/**
 * /credit-memo (spec 02 §2, §3 credit memo; issue 19 item 4): the business's credit memos, newest first, a
 * table page of 10 (30, 60, 100) at a time, filtered by open ones (amount left), days and number.
 */
export function CreditMemoListPage({ scope }: { scope: LedgerScope }) {
  const [params, setParams] = useSearchParams();
  const filters = parseCreditMemoFilters(params);
  const apply = (next: CreditMemoFilters) => setParams(creditMemoFilterParams(next));
  const clear = () => apply({ ...filters, openOnly: false, from: null, to: null, search: '' });
  const listFilter = creditMemoListFilter(filters);
  const paging = usePaging(JSON.stringify([listFilter, filters.size]));
  const list = useQuery(
    creditMemoPageQuery(scope, {
      ...listFilter,
      first: filters.size,
      ...(paging.after ? { after: paging.after } : {}),
    }),
  );

  const page = list.data;
  const memos = page?.edges.map((edge) => edge.node) ?? [];
  const total = page?.totalCount ?? 0;
  const filtered = hasFilters(filters);
  const refreshing = list.isPlaceholderData;
  const noMatch = list.isSuccess && !refreshing && total === 0 && filtered;
  const staleCursor = list.error instanceof ApiError && list.error.status === 400 && paging.after !== null;

  return (
    <div className="page invoices-page">
      <div className="ledger-head">
        <h1>Credit Memos</h1>
        <p className="ledger-head-links">
          <Link to="/billing">Billing</Link>
          <Link to="/invoice">Invoices</Link>
        </p>
      </div>
      <LedgerFiltersForm
        kind="creditMemos"
        values={creditMemoFormValues(filters)}
        onApply={(values) =>
          apply({
            ...filters,
            openOnly: values.openOnly,
            from: values.from || null,
            to: values.to || null,
            search: values.search,
          })
        }
        onClear={filtered && !noMatch ? clear : null}
      />
      <p className="ledger-count" role="status">
        {list.isSuccess && !refreshing && countOf(total, 'credit memo')}
      </p>

      {list.isPending ? (
        <div className="ledger-skeleton" aria-busy="true" aria-label="Loading credit memos">
          <div />
          <div />
        </div>
      ) : staleCursor ? (
        <div className="alert alert-error" role="alert">
          <div className="alert-content">
            <p>{BILLING_TEXTS.invalidCursor}</p>
            <button type="button" className="alert-action" onClick={paging.first}>
              Back to page 1
            </button>
          </div>
        </div>
      ) : list.isError && !page ? (
        <LoadError what="your credit memos" onRetry={() => void list.refetch()} />
      ) : total === 0 && !refreshing ? (
        filtered ? (
          <div className="empty-state ledger-empty">
            <p>No credit memos match these filters.</p>
            <button type="button" className="button button-secondary" onClick={clear}>
              Clear filters
            </button>
          </div>
        ) : (
          <div className="empty-state ledger-empty">
            <h2>No credit memos yet</h2>
            <p>
              A credit memo appears here when we credit your business, for a return or a price correction. Its amount
              can then be applied to invoices when you pay them.
            </p>
            <p>
              <Link to="/invoice">Go to Invoices</Link>
            </p>
          </div>
        )
      ) : page ? (
        <div className={refreshing ? 'ledger-results is-refreshing' : 'ledger-results'} aria-busy={refreshing}>
          {list.isError && <LoadError what="this page of credit memos" onRetry={() => void list.refetch()} />}
          <div className="table-scroll">
            <CreditMemosTable memos={memos} />
          </div>
          <Pager
            label="Credit memo pages"
            page={paging.page}
            size={filters.size}
            shown={memos.length}
            total={total}
            hasNext={page.pageInfo.hasNextPage && page.pageInfo.endCursor !== null}
            busy={refreshing}
            onPrevious={paging.previous}
            onNext={() => page.pageInfo.endCursor && paging.next(page.pageInfo.endCursor)}
            onSize={(size) => apply({ ...filters, size })}
          />
        </div>
      ) : null}
    </div>
  );
}

/** Where a credit memo came from: its invoice, else its order. */
export function CreditSource({ memo }: { memo: CreditMemo }) {
  if (memo.invoice) return <Link to={`/invoice/${memo.invoice.id}`}>{memo.invoice.number}</Link>;
  if (memo.order) return <Link to={`/order/${memo.order.id}`}>{memo.order.number}</Link>;
  return <span className="muted">None</span>;
}

function CreditMemosTable({ memos }: { memos: CreditMemo[] }) {
  return (
    <table className="ledger-table credit-memos-table">
      <caption className="visually-hidden">Credit memos, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Credit memo #</th>
          <th scope="col">Date</th>
          <th scope="col">Reason</th>
          <th scope="col">From</th>
          <th scope="col" className="num">
            Amount
          </th>
          <th scope="col" className="num">
            Left
          </th>
        </tr>
      </thead>
      <tbody>
        {memos.map((memo) => (
          <tr key={memo.id}>
            <th scope="row" className="ledger-number">
              <Link to={`/credit-memo/${memo.id}`}>{memo.number}</Link>
            </th>
            <td data-label="Date">
              <time dateTime={memo.date}>{formatDay(memo.date)}</time>
            </td>
            <td data-label="Reason">{memo.reason}</td>
            <td data-label="From">
              <CreditSource memo={memo} />
            </td>
            <td data-label="Amount" className="num">
              {formatMoney(memo.amount.amount)}
            </td>
            <td data-label="Left" className="num">
              {formatMoney(memo.amount_left.amount)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
