import { useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BILLING_TEXTS, type Invoice } from '@portal/contracts/billing';
import { countOf, formatMoney, formatNumber, toIsoDay } from '@portal/contracts/format';
import { LoadError } from '../../components/LoadError.tsx';
import { ApiError } from '../../lib/api.ts';
import { alertLinesFor } from '../../lib/errors.ts';
import { fetchAllInvoices, invoicePageQuery, type LedgerScope } from './api.ts';
import { download, invoicesCsv } from './csv.ts';
import {
  hasFilters,
  invoiceFilterParams,
  invoiceFormValues,
  invoiceListFilter,
  parseInvoiceFilters,
  type Direction,
  type InvoiceFilters,
  type InvoiceSort,
} from './filters.ts';
import { MAX_CHOSEN, PAYMENT_PATH, paymentPathFor } from './paths.ts';
import { usePaging } from './usePaging.ts';
import { LedgerFiltersForm } from './components/LedgerFiltersForm.tsx';
import { InvoicesTable } from './components/InvoicesTable.tsx';
import { Pager } from './components/Pager.tsx';

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

  const page = list.data;
  const invoices = page?.edges.map((edge) => edge.node) ?? [];
  const total = page?.totalCount ?? 0;
  const filtered = hasFilters(filters);
  const refreshing = list.isPlaceholderData;
  const noMatch = list.isSuccess && !refreshing && total === 0 && filtered;
  const staleCursor = list.error instanceof ApiError && list.error.status === 400 && paging.after !== null;

  return (
    <div className="page invoices-page">
      <div className="ledger-head">
        <h1>Invoices</h1>
        <p className="ledger-head-links">
          <Link to="/billing">Billing</Link>
          <Link to="/credit-memo">Credit memos</Link>
        </p>
      </div>
      <LedgerFiltersForm
        kind="invoices"
        values={invoiceFormValues(filters)}
        onApply={(values) =>
          apply({
            ...filters,
            status: values.status || null,
            from: values.from || null,
            to: values.to || null,
            search: values.search,
          })
        }
        onClear={
          filtered && !noMatch ? () => apply({ ...filters, status: null, from: null, to: null, search: '' }) : null
        }
      />

      <div className="ledger-toolbar">
        <p className="ledger-count" role="status">
          {list.isSuccess && !refreshing && countOf(total, 'invoice')}
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
        <CsvExport filters={filters} disabled={!list.isSuccess || total === 0} />
      </div>

      <ChosenBar
        chosen={chosen}
        onPay={() => void navigate(paymentPathFor([...chosen.keys()]))}
        onClear={() => setChosen(new Map())}
      />

      {list.isPending ? (
        <div className="ledger-skeleton" aria-busy="true" aria-label="Loading invoices">
          <div />
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
        <LoadError what="your invoices" onRetry={() => void list.refetch()} />
      ) : total === 0 && !refreshing ? (
        filtered ? (
          <div className="empty-state ledger-empty">
            <p>No invoices match these filters.</p>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => apply({ ...filters, status: null, from: null, to: null, search: '' })}
            >
              Clear filters
            </button>
          </div>
        ) : (
          <div className="empty-state ledger-empty">
            <h2>No invoices yet</h2>
            <p>
              Invoices appear here when you buy on terms: an order paid with Terms at checkout is invoiced when it is
              placed, due in 30 days, with a discount when paid early. Orders paid by card or on delivery have no
              invoice.
            </p>
            <p>
              <Link to="/search">Search the catalog</Link> · <Link to="/my-orders">My Orders</Link>
            </p>
          </div>
        )
      ) : page ? (
        <div className={refreshing ? 'ledger-results is-refreshing' : 'ledger-results'} aria-busy={refreshing}>
          {list.isError && <LoadError what="this page of invoices" onRetry={() => void list.refetch()} />}
          <div className="table-scroll">
            <InvoicesTable
              invoices={invoices}
              totals={page.totals}
              totalCount={total}
              sort={filters.sort}
              direction={filters.direction}
              onSort={(sort, direction) => apply({ ...filters, sort, direction })}
              selected={new Set(chosen.keys())}
              canSelectMore={chosen.size < MAX_CHOSEN}
              onSelect={choose}
            />
          </div>
          <Pager
            label="Invoice pages"
            page={paging.page}
            size={filters.size}
            shown={invoices.length}
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

/**
 * Export CSV: every invoice of the filtered list, asked 100 at a time (spec 02 §9), then saved as a file
 * built here. The progress is announced; the button waits for the file.
 */
function CsvExport({ filters, disabled }: { filters: InvoiceFilters; disabled: boolean }) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef(false);

  async function exportCsv() {
    if (running.current) return;
    running.current = true;
    setFailure(null);
    setProgress({ done: 0, total: 0 });
    try {
      const invoices = await fetchAllInvoices(invoiceListFilter(filters), (done, total) =>
        setProgress({ done, total }),
      );
      download(`invoices-${toIsoDay(new Date())}.csv`, invoicesCsv(invoices));
    } catch (error) {
      setFailure(`The CSV could not be made. ${alertLinesFor(error).join(' ')}`);
    } finally {
      running.current = false;
      setProgress(null);
    }
  }

  return (
    <div className="csv-export">
      <button
        type="button"
        className="button button-secondary"
        disabled={disabled || progress !== null}
        aria-busy={progress !== null || undefined}
        onClick={() => void exportCsv()}
      >
        {progress ? 'Exporting…' : 'Export CSV'}
      </button>
      <p className="csv-export-status" role="status">
        {progress && progress.total > 0 && `${formatNumber(progress.done)} of ${formatNumber(progress.total)} invoices`}
      </p>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
