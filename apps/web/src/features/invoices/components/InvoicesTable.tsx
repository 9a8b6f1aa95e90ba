import { Link } from 'react-router';
import type { Invoice, InvoiceConnection } from '@portal/contracts/billing';
import { countOf, formatMoney } from '@portal/contracts/format';
import { formatDay } from '../format.ts';
import type { Direction, InvoiceSort } from '../filters.ts';
import { InvoiceStatusBadge } from './StatusBadge.tsx';
import '../../../components/CardTable.css';

const SORT_LABELS: Record<InvoiceSort, string> = { create_date: 'Date', due_date: 'Due date' };

interface InvoicesTableProps {
  invoices: Invoice[];
  /** The sums of the whole filtered list (the server's), with how many it holds. */
  totals: InvoiceConnection['totals'];
  totalCount: number;
  sort: InvoiceSort;
  direction: Direction;
  onSort: (sort: InvoiceSort, direction: Direction) => void;
  selected: ReadonlySet<string>;
  /** False when no more may be chosen (a payment takes at most 100 invoices). */
  canSelectMore: boolean;
  onSelect: (invoices: Invoice[], selected: boolean) => void;
}

/**
 * The invoices as a table, sortable by date and due date from their headers (aria-sort says how it is
 * sorted); at 740 px and below each row is a card (components/CardTable.css) labelled from `data-label`. Each unpaid
 * invoice has a box to choose it for payment; the foot row sums the whole filtered list.
 */
export function InvoicesTable({
  invoices,
  totals,
  totalCount,
  sort,
  direction,
  onSort,
  selected,
  canSelectMore,
  onSelect,
}: InvoicesTableProps) {
  const payable = invoices.filter((invoice) => !invoice.isPaid);
  const allChosen = payable.length > 0 && payable.every((invoice) => selected.has(invoice.id));

  const header = (column: InvoiceSort) => {
    const active = sort === column;
    const nextDirection: Direction = active && direction === 'desc' ? 'asc' : 'desc';
    return (
      <th scope="col" aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}>
        <button
          type="button"
          className="sort-button"
          onClick={() => onSort(column, nextDirection)}
          title={`Sort by ${SORT_LABELS[column].toLowerCase()}, ${nextDirection === 'desc' ? 'newest' : 'oldest'} first`}
        >
          {SORT_LABELS[column]}
          <span className="sort-mark" aria-hidden="true">
            {active ? (direction === 'asc' ? '▲' : '▼') : '↕'}
          </span>
        </button>
      </th>
    );
  };

  return (
    <table className="card-table ledger-table invoices-table">
      <caption className="visually-hidden">
        Invoices, sorted by {SORT_LABELS[sort].toLowerCase()}, {direction === 'desc' ? 'newest' : 'oldest'} first
      </caption>
      <thead>
        <tr>
          <th scope="col" className="select-cell">
            <input
              type="checkbox"
              aria-label="Choose every unpaid invoice on this page"
              checked={allChosen}
              disabled={payable.length === 0 || (!allChosen && !canSelectMore)}
              onChange={() => onSelect(payable, !allChosen)}
            />
          </th>
          <th scope="col">Invoice #</th>
          {header('create_date')}
          {header('due_date')}
          <th scope="col">Status</th>
          <th scope="col">Order</th>
          <th scope="col" className="num">
            Total
          </th>
          <th scope="col" className="num">
            Paid
          </th>
          <th scope="col" className="num">
            Open
          </th>
          <th scope="col" className="num">
            Payoff today
          </th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => {
          const chosen = selected.has(invoice.id);
          const discount = invoice.open_amount.amount - invoice.payoffAmount.amount;
          const discountWindow = invoice.early_pay_discount_details[0];
          return (
            <tr key={invoice.id} className={chosen ? 'is-chosen' : undefined}>
              <td className="select-cell" data-label="Pay">
                {!invoice.isPaid && (
                  <input
                    type="checkbox"
                    aria-label={`Choose ${invoice.number} for payment`}
                    checked={chosen}
                    disabled={!chosen && !canSelectMore}
                    onChange={() => onSelect([invoice], !chosen)}
                  />
                )}
              </td>
              <th scope="row" className="ledger-number">
                <Link to={`/invoice/${invoice.id}`}>{invoice.number}</Link>
              </th>
              <td data-label="Date">
                <time dateTime={invoice.create_date}>{formatDay(invoice.create_date)}</time>
              </td>
              <td data-label="Due date">
                <time dateTime={invoice.due_date}>{formatDay(invoice.due_date)}</time>
              </td>
              <td data-label="Status">
                <InvoiceStatusBadge status={invoice.status} />
              </td>
              <td data-label="Order">
                {invoice.order ? (
                  <Link to={`/order/${invoice.order.id}`}>{invoice.order.number}</Link>
                ) : (
                  <span className="muted">None</span>
                )}
              </td>
              <td data-label="Total" className="num">
                {formatMoney(invoice.invoice_total.amount)}
              </td>
              <td data-label="Paid" className="num">
                {formatMoney(invoice.paid_against_invoice.amount)}
              </td>
              <td data-label="Open" className="num">
                {formatMoney(invoice.open_amount.amount)}
              </td>
              <td data-label="Payoff today" className="num">
                {formatMoney(invoice.payoffAmount.amount)}
                {discount > 0 && discountWindow && (
                  <span className="discount-note">
                    {formatMoney(discount)} off until {formatDay(discountWindow.last_day)}
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={6}>
            Totals of {countOf(totalCount, 'invoice')}
          </th>
          <td data-label="Total" className="num">
            {formatMoney(totals.invoice_total.amount)}
          </td>
          <td className="empty-cell" />
          <td data-label="Open" className="num">
            {formatMoney(totals.open_amount.amount)}
          </td>
          <td className="empty-cell" />
        </tr>
      </tfoot>
    </table>
  );
}
