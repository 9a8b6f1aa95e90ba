import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { CreditMemo } from '@portal/contracts/billing';
import { countOf, formatMoney } from '@portal/contracts/format';
import { creditMemoPageQuery, fetchAllCreditMemos, type LedgerScope } from './api.ts';
import { creditMemosCsv } from './csv.ts';
import { CsvExport } from '../../components/CsvExport.tsx';
import {
  creditMemoFilterParams,
  creditMemoFormValues,
  creditMemoListFilter,
  dayAndNumberOf,
  hasFilters,
  NO_DAY_OR_NUMBER,
  parseCreditMemoFilters,
  type CreditMemoFilters,
} from './filters.ts';
import { CardTable } from '../../components/CardTable.tsx';
import { formatDay } from './format.ts';
import { usePaging } from './usePaging.ts';
import { LedgerFiltersForm } from './components/LedgerFiltersForm.tsx';
import { LedgerHead } from './components/LedgerHead.tsx';
import { LedgerResults, ledgerListState } from './components/LedgerResults.tsx';

/**
 * /credit-memo (spec 02 §2, §3 credit memo; issue 19 item 4): the business's credit memos, newest first, a
 * table page of 10 (30, 60, 100) at a time, filtered by open ones (amount left), days and number.
 */
export function CreditMemoListPage({ scope }: { scope: LedgerScope }) {
  const [params, setParams] = useSearchParams();
  const filters = parseCreditMemoFilters(params);
  const apply = (next: CreditMemoFilters) => setParams(creditMemoFilterParams(next));
  const clear = () => apply({ ...filters, openOnly: false, ...NO_DAY_OR_NUMBER });
  const listFilter = creditMemoListFilter(filters);
  const paging = usePaging(JSON.stringify([listFilter, filters.size]));
  const list = useQuery(
    creditMemoPageQuery(scope, {
      ...listFilter,
      first: filters.size,
      ...(paging.after ? { after: paging.after } : {}),
    }),
  );

  const state = ledgerListState(list, hasFilters(filters), paging.after);

  return (
    <div className="page invoices-page">
      <LedgerHead title="Credit Memos" other={{ to: '/invoice', label: 'Invoices' }} />
      <LedgerFiltersForm
        kind="creditMemos"
        values={creditMemoFormValues(filters)}
        onApply={(values) => apply({ ...filters, openOnly: values.openOnly, ...dayAndNumberOf(values) })}
        onClear={state.filtered && !state.noMatch ? clear : null}
      />
      <div className="ledger-toolbar">
        <p className="ledger-count" role="status">
          {list.isSuccess && !state.refreshing && countOf(state.total, 'credit memo')}
        </p>
        {/* issue 27 §11: a bookkeeper files the credit memos as the invoices. */}
        <CsvExport
          fetchAll={(onProgress) => fetchAllCreditMemos(listFilter, onProgress)}
          toCsv={creditMemosCsv}
          fileStem="credit-memos"
          noun="credit memos"
          disabled={!list.isSuccess || state.total === 0}
        />
      </div>

      <LedgerResults
        list={list}
        state={state}
        paging={paging}
        what="credit memos"
        skeletonRows={2}
        onClearFilters={clear}
        noneYet={
          <>
            <h2>No credit memos yet</h2>
            <p>
              A credit memo appears here when we credit your business, for a return or a price correction. Its amount
              can then be applied to invoices when you pay them.
            </p>
            <p>
              <Link to="/invoice">Go to Invoices</Link>
            </p>
          </>
        }
        pagerLabel="Credit memo pages"
        size={filters.size}
        onSize={(size) => apply({ ...filters, size })}
      >
        {(memos) => <CreditMemosTable memos={memos} />}
      </LedgerResults>
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
    <CardTable
      className="card-table ledger-table credit-memos-table"
      caption="Credit memos, newest first"
      rows={memos}
      rowKey={(memo) => memo.id}
      rowHeader={{
        label: 'Credit memo #',
        className: 'ledger-number',
        cell: (memo) => <Link to={`/credit-memo/${memo.id}`}>{memo.number}</Link>,
      }}
      columns={[
        { label: 'Date', cell: (memo) => <time dateTime={memo.date}>{formatDay(memo.date)}</time> },
        { label: 'Reason', cell: (memo) => memo.reason },
        { label: 'From', cell: (memo) => <CreditSource memo={memo} /> },
        { label: 'Amount', numeric: true, cell: (memo) => formatMoney(memo.amount.amount) },
        { label: 'Left', numeric: true, cell: (memo) => formatMoney(memo.amount_left.amount) },
      ]}
    />
  );
}
