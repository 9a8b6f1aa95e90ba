import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BILLING_TEXTS, type Invoice } from '@portal/contracts/billing';
import { countOf, formatMoney } from '@portal/contracts/format';
import { fetchAllInvoices, invoicePageQuery, type LedgerScope } from './api.ts';
import { invoicesCsv } from './csv.ts';
import { CsvExport } from '../../components/CsvExport.tsx';
import {
  dayAndNumberOf,
  hasFilters,
  invoiceFilterParams,
  invoiceFormValues,
  invoiceListFilter,
  NO_DAY_OR_NUMBER,
  parseInvoiceFilters,
  type Direction,
  type InvoiceFilters,
  type InvoiceSort,
} from './filters.ts';
import { MAX_CHOSEN, PAYMENT_PATH, paymentPathFor } from './paths.ts';
import { usePaging } from './usePaging.ts';
import { LedgerFiltersForm } from './components/LedgerFiltersForm.tsx';
import { LedgerHead } from './components/LedgerHead.tsx';
import { InvoicesTable } from './components/InvoicesTable.tsx';
import { LedgerResults, ledgerListState } from './components/LedgerResults.tsx';

const SORT_CHOICES: { value: string; label: string }[] = [
  { value: 'create_date:desc', label: 'Date, newest first' },
  { value: 'create_date:asc', label: 'Date, oldest first' },
  { value: 'due_date:desc', label: 'Due date, latest first' },
  { value: 'due_date:asc', label: 'Due date, soonest first' },
];

/**
 * /invoice (spec 02 §2, §9; issue 19 item 4): the business's invoices, a table page of 10 (30, 60, 100) at
 * a time, sorted by date or due date, filtered by status, days and number, with the sums of the filtered
 * list; unpaid ones are chosen for payment here; the filtered list downloads as CSV.
 */
export function InvoiceListPage({ scope }: { scope: LedgerScope }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const filters = parseInvoiceFilters(params);
  const apply = (next: InvoiceFilters) => setParams(invoiceFilterParams(next));
  const listFilter = invoiceListFilter(filters);
  const paging = usePaging(JSON.stringify([listFilter, filters.size]));
  const list = useQuery(
    invoicePageQuery(scope, { ...listFilter, first: filters.size, ...(paging.after ? { after: paging.after } : {}) }),
  );
  const sortId = useId();

  // Chosen for payment, across pages and filters, with what the list said of each (for the sum shown).
  const [chosen, setChosen] = useState<ReadonlyMap<string, Invoice>>(new Map());
  const choose = (invoices: Invoice[], yes: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      for (const invoice of invoices) {
        if (!yes) next.delete(invoice.id);
        else if (next.size < MAX_CHOSEN) next.set(invoice.id, invoice);
      }
      return next;
    });

  const state = ledgerListState(list, hasFilters(filters), paging.after);
  const clear = () => apply({ ...filters, status: null, ...NO_DAY_OR_NUMBER });

  return (
    <div className="page invoices-page">
      <LedgerHead title="Invoices" other={{ to: '/credit-memo', label: 'Credit memos' }} />
      <LedgerFiltersForm
        kind="invoices"
        values={invoiceFormValues(filters)}
        onApply={(values) => apply({ ...filters, status: values.status || null, ...dayAndNumberOf(values) })}
        onClear={state.filtered && !state.noMatch ? clear : null}
      />

      <div className="ledger-toolbar">
        <p className="ledger-count" role="status">
          {list.isSuccess && !state.refreshing && countOf(state.total, 'invoice')}
        </p>
        <div className="ledger-sort">
          <label htmlFor={sortId}>Sort by</label>
          <select
            id={sortId}
            value={`${filters.sort}:${filters.direction}`}
            onChange={(event) => {
              const [sort, direction] = event.currentTarget.value.split(':') as [InvoiceSort, Direction];
              apply({ ...filters, sort, direction });
            }}
          >
            {SORT_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <CsvExport
          fetchAll={(onProgress) => fetchAllInvoices(invoiceListFilter(filters), onProgress)}
          toCsv={invoicesCsv}
          fileStem="invoices"
          noun="invoices"
          disabled={!list.isSuccess || state.total === 0}
        />
      </div>

      <ChosenBar
        chosen={chosen}
        onPay={() => void navigate(paymentPathFor([...chosen.keys()]))}
        onClear={() => setChosen(new Map())}
      />

      <LedgerResults
        list={list}
        state={state}
        paging={paging}
        what="invoices"
        skeletonRows={3}
        onClearFilters={clear}
        noneYet={
          <>
            <h2>No invoices yet</h2>
            <p>
              Invoices appear here when you buy on terms: an order paid with Terms at checkout is invoiced when it is
              placed, due in 30 days, with a discount when paid early. Orders paid by card or on delivery have no
              invoice.
            </p>
            <p>
              <Link to="/search">Search the catalog</Link> · <Link to="/my-orders">My Orders</Link>
            </p>
          </>
        }
        pagerLabel="Invoice pages"
        size={filters.size}
        onSize={(size) => apply({ ...filters, size })}
      >
        {(invoices, page) => (
          <InvoicesTable
            invoices={invoices}
            totals={page.totals}
            totalCount={state.total}
            sort={filters.sort}
            direction={filters.direction}
            onSort={(sort, direction) => apply({ ...filters, sort, direction })}
            selected={new Set(chosen.keys())}
            canSelectMore={chosen.size < MAX_CHOSEN}
            onSelect={choose}
          />
        )}
      </LedgerResults>
    </div>
  );
}

/** What is chosen for payment, and the way to pay it (or, with none chosen, how to choose). */
function ChosenBar({
  chosen,
  onPay,
  onClear,
}: {
  chosen: ReadonlyMap<string, Invoice>;
  onPay: () => void;
  onClear: () => void;
}) {
  const sum = [...chosen.values()].reduce((cents, invoice) => cents + invoice.payoffAmount.amount, 0);
  return (
    <section className="chosen-bar" aria-label="Invoices chosen for payment">
      {chosen.size === 0 ? (
        <p className="chosen-bar-hint">
          Choose unpaid invoices with their boxes to pay them together, or <Link to={PAYMENT_PATH}>pay invoices</Link>{' '}
          from the list of what is owed.
        </p>
      ) : (
        <>
          <p className="chosen-bar-sum" aria-live="polite">
            <strong>{countOf(chosen.size, 'invoice')} chosen</strong> · {formatMoney(sum)} to pay them off today
            {chosen.size >= MAX_CHOSEN && <span className="chosen-bar-limit"> · {BILLING_TEXTS.tooManyInvoices}</span>}
          </p>
          <div className="button-row">
            <button type="button" className="button button-primary" onClick={onPay}>
              Pay selected
            </button>
            <button type="button" className="button button-link" onClick={onClear}>
              Clear choice
            </button>
          </div>
        </>
      )}
    </section>
  );
}
