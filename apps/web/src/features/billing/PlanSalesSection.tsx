import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PlanSale } from '@portal/contracts';
import { TABLE_PAGE_SIZE } from '@portal/contracts/constants';
import { countOf, formatDate } from '@portal/contracts/format';
import { CardTable } from '../../components/CardTable.tsx';
import { CsvExport } from '../../components/CsvExport.tsx';
import { Field } from '../../components/form/Field.tsx';
import { ListSkeleton } from '../../components/ListStates.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Pager } from '../invoices/index.ts';
import { formatPlanMoney } from '../plans/index.ts';
import { fetchAllPlanSales, planSalesCsv, planSalesQuery } from './planSalesApi.ts';

/** The days a list is filtered by (YYYY-MM-DD, inclusive; '' is none). */
interface Days {
  from: string;
  to: string;
}
const NO_DAYS: Days = { from: '', to: '' };

const receiptPath = (sale: PlanSale) => `/cart/checkout/subscriptions/complete?uuid=${encodeURIComponent(sale.uuid)}`;

/**
 * /billing, Plan sales (issue 30 item 3): the business's plan purchases — transaction id, date, devices, subtotal,
 * sales tax, total (spec 02 §3 report columns) — newest first, between two days, 10 (30, 60, 100) a page, with
 * the sums of the filtered list and its CSV.
 */
export function PlanSalesSection({ sapBpCode }: { sapBpCode: string }) {
  const [draft, setDraft] = useState<Days>(NO_DAYS);
  const [applied, setApplied] = useState<Days>(NO_DAYS);
  const [size, setSize] = useState<number>(TABLE_PAGE_SIZE);
  const [page, setPage] = useState(0);
  // An end before the start is read as the start alone (the server would match nothing).
  const filters = {
    ...(applied.from && { from_date: applied.from }),
    ...(applied.to && (!applied.from || applied.from <= applied.to) && { to_date: applied.to }),
  };
  const list = useQuery({
    ...planSalesQuery(sapBpCode, { ...filters, limit: size, offset: page * size }),
    placeholderData: keepPreviousData,
  });
  const filtered = applied.from !== '' || applied.to !== '';
  const data = list.data;
  const currency = data?.results[0]?.currency ?? 'USD';
  const money = (cents: number, of = currency) => formatPlanMoney(cents, of);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setApplied(draft);
    setPage(0);
  };
  const clear = () => {
    setDraft(NO_DAYS);
    setApplied(NO_DAYS);
    setPage(0);
  };

  return (
    <section className="card plan-sales" aria-labelledby="plan-sales-title">
      <h2 id="plan-sales-title">Plan sales</h2>
      <p className="muted small">
        The plans your business bought for its devices. Each sale’s receipt opens from its transaction id.
      </p>
      <form className="plan-sales-filters" role="search" aria-label="Filter plan sales" noValidate onSubmit={apply}>
        <Field label="From">
          <input
            type="date"
            max="9999-12-31"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
          />
        </Field>
        <Field label="To">
          <input
            type="date"
            max="9999-12-31"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
          />
        </Field>
        <div className="plan-sales-actions">
          <button type="submit" className="button button-primary">
            Apply
          </button>
          {filtered && (
            <button type="button" className="button button-link" onClick={clear}>
              Clear filters
            </button>
          )}
        </div>
      </form>

      <div className="plan-sales-toolbar">
        <p className="plan-sales-count" role="status">
          {data && !list.isPlaceholderData && countOf(data.count, 'sale')}
        </p>
        <CsvExport
          fetchAll={(onProgress) => fetchAllPlanSales(filters, onProgress)}
          toCsv={planSalesCsv}
          fileStem="plan-sales"
          noun="sales"
          disabled={!data || data.count === 0}
        />
      </div>

      {list.isPending ? (
        <ListSkeleton rows={2} label="Loading plan sales" />
      ) : list.isError && !data ? (
        <LoadError what="the plan sales" onRetry={() => void list.refetch()} />
      ) : !data || data.count === 0 ? (
        <div className="empty-state">
          {filtered ? (
            <>
              <p>No plan sales match these days.</p>
              <button type="button" className="button button-secondary" onClick={clear}>
                Clear filters
              </button>
            </>
          ) : (
            <p>
              No plan sales yet. <Link to="/subscriptions">Choose a plan for a device</Link>, then pay for it at
              Purchase Service: its sale shows here.
            </p>
          )}
        </div>
      ) : (
        <div aria-busy={list.isPlaceholderData || undefined}>
          <dl className="plan-sales-totals" aria-label={filtered ? 'Totals of these days' : 'Totals'}>
            <div>
              <dt>Subtotal</dt>
              <dd>{money(data.totals.subtotal)}</dd>
            </div>
            <div>
              <dt>Sales tax</dt>
              <dd>{money(data.totals.sales_tax)}</dd>
            </div>
            <div>
              <dt>Total charged</dt>
              <dd>{money(data.totals.final_charge)}</dd>
            </div>
          </dl>
          <CardTable
            className="card-table plan-sales-table"
            caption="Plan sales"
            rows={data.results}
            rowKey={(sale) => sale.uuid}
            rowHeader={{
              label: 'Transaction id',
              cell: (sale) => <Link to={receiptPath(sale)}>{sale.transaction_id ?? sale.number}</Link>,
              className: 'plan-sales-transaction',
            }}
            columns={[
              { label: 'Date', cell: (sale) => formatDate(sale.created) },
              { label: 'Devices', cell: (sale) => sale.devices.join(', '), className: 'plan-sales-devices' },
              { label: 'Subtotal', numeric: true, cell: (sale) => money(sale.subtotal, sale.currency) },
              { label: 'Sales tax', numeric: true, cell: (sale) => money(sale.sales_tax, sale.currency) },
              { label: 'Total', numeric: true, cell: (sale) => money(sale.final_charge, sale.currency) },
            ]}
          />
          <Pager
            label="Plan sales pages"
            page={page}
            size={size}
            shown={data.results.length}
            total={data.count}
            hasNext={(page + 1) * size < data.count}
            busy={list.isPlaceholderData}
            onPrevious={() => setPage((p) => Math.max(0, p - 1))}
            onNext={() => setPage((p) => p + 1)}
            onSize={(next) => {
              setSize(next);
              setPage(0);
            }}
          />
        </div>
      )}
    </section>
  );
}
