import { Link } from 'react-router';
import { PrintLetterhead } from '../../components/PrintLetterhead.tsx';
import { AddressText } from '../../components/order/AddressText.tsx';
import { useQuery } from '@tanstack/react-query';
import { BILLING_TEXTS, type InvoiceDetail } from '@portal/contracts/billing';
import { formatMoney, formatNumber } from '@portal/contracts/format';
import { CardTable } from '../../components/CardTable.tsx';
import { ListSkeleton } from '../../components/ListStates.tsx';
import { isNotFound, PageLoadError, PageLoading, RecordNotFound } from '../../components/PageStates.tsx';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { isUuid } from '../../lib/uuid.ts';
import { invoiceQuery, type LedgerScope } from './api.ts';
import { formatDay, paidByText, percentOf } from './format.ts';
import { paymentPathFor } from './paths.ts';
import { InvoiceStatusBadge } from './components/StatusBadge.tsx';

/** The route table's title (contracts/pages.ts), put back when the page leaves. */
export const INVOICES_TITLE = 'Invoices';

/**
 * /invoice/{id} (spec 02 §2, §3 invoice, §4 early-pay discount; issue 19 item 4): one invoice of the
 * session's business with its lines, sums, what is open and what settles it today, the discount window,
 * the payments (and who made them) and the credit memos drawn on it; printable, or saved as a PDF by the
 * browser's print.
 */
export function InvoiceDetailPage({ scope, id }: { scope: LedgerScope; id: string }) {
  // The server refuses an id that is not one (400): the same 'Invoice not found.' without asking.
  if (!isUuid(id)) return <InvoiceNotFound />;
  return <InvoiceView key={id} scope={scope} id={id} />;
}

function InvoiceView({ scope, id }: { scope: LedgerScope; id: string }) {
  const invoice = useQuery(invoiceQuery(scope, id));
  usePageTitle(invoice.data ? `Invoice ${invoice.data.number}` : null, INVOICES_TITLE);

  if (invoice.data) return <InvoiceDetails invoice={invoice.data} />;
  if (isNotFound(invoice.error)) return <InvoiceNotFound />;
  if (invoice.isError)
    return (
      <PageLoadError
        className="invoice-page"
        title={INVOICES_TITLE}
        error={invoice.error}
        onRetry={() => void invoice.refetch()}
      />
    );
  return (
    <PageLoading className="invoice-page" title="Invoice">
      <p className="muted">Loading the invoice…</p>
      <ListSkeleton rows={2} />
    </PageLoading>
  );
}

function InvoiceNotFound() {
  return (
    <RecordNotFound
      className="invoice-page"
      heading={BILLING_TEXTS.invoiceNotFound}
      title="Invoice not found"
      routeTitle={INVOICES_TITLE}
      listPath="/invoice"
      listName="Invoices"
    />
  );
}

/**
 * spec 02 §4: the early-pay discount holds while today is before create_date plus number_of_days; the
 * server says what it is worth today (payoffAmount below what is open). Its words: '2 % off ($24.00) if
 * paid by 03/10/2026'.
 */
function DiscountWindow({ invoice }: { invoice: InvoiceDetail }) {
  const terms = invoice.early_pay_discount_details[0];
  if (!terms) return null;
  const discountNow = invoice.open_amount.amount - invoice.payoffAmount.amount;
  if (!invoice.isPaid && discountNow > 0)
    return (
      <p className="notice discount-window">
        <strong>
          {percentOf(terms.discount_bp)} off ({formatMoney(discountNow)}) if paid by {formatDay(terms.last_day)}
        </strong>
        <span>
          {' '}
          · pay {formatMoney(invoice.payoffAmount.amount)} in full by then instead of{' '}
          {formatMoney(invoice.open_amount.amount)}. A partial payment takes no discount.
        </span>
      </p>
    );
  if (invoice.discount_taken.amount > 0)
    return (
      <p className="discount-window muted">
        Early-pay discount taken: {formatMoney(invoice.discount_taken.amount)} ({percentOf(terms.discount_bp)}, paid by{' '}
        {formatDay(terms.last_day)}).
      </p>
    );
  return (
    <p className="discount-window muted">
      The early-pay discount ({percentOf(terms.discount_bp)} if paid within {formatNumber(terms.number_of_days)} days)
      ended on {formatDay(terms.last_day)}.
    </p>
  );
}

function InvoiceDetails({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <div className="page invoice-page">
      <PrintLetterhead />
      <p className="ledger-back">
        <Link to="/invoice">All invoices</Link>
      </p>
      <header className="ledger-detail-head">
        <h1>Invoice {invoice.number}</h1>
        <InvoiceStatusBadge status={invoice.status} />
      </header>

      <dl className="details ledger-facts">
        <dt>Invoice date</dt>
        <dd>
          <time dateTime={invoice.create_date}>{formatDay(invoice.create_date)}</time>
        </dd>
        <dt>Due date</dt>
        <dd>
          <time dateTime={invoice.due_date}>{formatDay(invoice.due_date)}</time>
        </dd>
        <dt>Business</dt>
        <dd>
          {invoice.businessPartner.companyName} ({invoice.businessPartner.sapBpCode})
        </dd>
        <dt>Order</dt>
        <dd>
          {invoice.order ? (
            <>
              <Link to={`/order/${invoice.order.id}`}>{invoice.order.number}</Link>
              {invoice.order.poNumber && ` · PO ${invoice.order.poNumber}`}
            </>
          ) : (
            'None'
          )}
        </dd>
        {/* What a bookkeeper files needs both (issue 27 §11): as the order kept them. */}
        {invoice.billTo && (
          <>
            <dt>Bill to</dt>
            <dd>
              <AddressText address={invoice.billTo} />
            </dd>
          </>
        )}
        {invoice.shipTo && (
          <>
            <dt>Ship to</dt>
            <dd>
              <AddressText address={invoice.shipTo} />
            </dd>
          </>
        )}
      </dl>

      <DiscountWindow invoice={invoice} />

      <div className="button-row ledger-actions">
        {!invoice.isPaid && (
          <Link className="button button-primary" to={paymentPathFor([invoice.id])}>
            Pay this invoice
          </Link>
        )}
        <button type="button" className="button button-secondary" onClick={() => window.print()}>
          Print / save as PDF
        </button>
      </div>

      <section className="card" aria-labelledby="invoice-lines">
        <h2 id="invoice-lines">Items</h2>
        <div className="table-scroll">
          <CardTable
            className="lines-table ledger-lines"
            caption={`Items of invoice ${invoice.number}`}
            rows={invoice.lines}
            rowKey={(line, i) => `${line.sku}-${i}`}
            rowHeader={{
              label: 'Product',
              className: 'ledger-line-product',
              cell: (line) => (
                <>
                  <span className="ledger-line-name">{line.productName}</span>
                  <span className="ledger-line-sku">{line.sku}</span>
                </>
              ),
            }}
            columns={[
              { label: 'Quantity', numeric: true, cell: (line) => formatNumber(line.quantity) },
              { label: 'Unit price', numeric: true, cell: (line) => formatMoney(line.unitPrice.amount) },
              { label: 'Total', numeric: true, cell: (line) => formatMoney(line.total.amount) },
            ]}
          />
        </div>
        <dl className="ledger-sums">
          <dt>Subtotal</dt>
          <dd>{formatMoney(invoice.subtotal.amount)}</dd>
          <dt>Shipping</dt>
          <dd>{formatMoney(invoice.shipping.amount)}</dd>
          <dt>Tax</dt>
          <dd>{formatMoney(invoice.tax.amount)}</dd>
          <dt className="ledger-sums-total">Invoice total</dt>
          <dd className="ledger-sums-total">{formatMoney(invoice.invoice_total.amount)}</dd>
          <dt>Paid</dt>
          <dd>{formatMoney(invoice.paid_against_invoice.amount)}</dd>
          <dt>Discount taken</dt>
          <dd>{formatMoney(invoice.discount_taken.amount)}</dd>
          <dt className="ledger-sums-total">Open</dt>
          <dd className="ledger-sums-total">{formatMoney(invoice.open_amount.amount)}</dd>
          <dt>Payoff today</dt>
          <dd>{formatMoney(invoice.payoffAmount.amount)}</dd>
        </dl>
      </section>

      <section className="card" aria-labelledby="invoice-payments">
        <h2 id="invoice-payments">Payments</h2>
        {invoice.payments.length === 0 ? (
          <p className="muted">No payments yet.</p>
        ) : (
          <div className="table-scroll">
            <CardTable
              className="card-table ledger-table ledger-payments"
              caption={`Payments of invoice ${invoice.number}`}
              rows={invoice.payments}
              rowKey={(payment, i) => `${payment.receiptNumber}-${i}`}
              rowHeader={{ label: 'Receipt', className: 'ledger-number', cell: (payment) => payment.receiptNumber }}
              columns={[
                { label: 'Date', cell: (payment) => formatDay(payment.date) },
                { label: 'Amount', numeric: true, cell: (payment) => formatMoney(payment.amount.amount) },
                { label: 'Credit', numeric: true, cell: (payment) => formatMoney(payment.credit.amount) },
                { label: 'Discount', numeric: true, cell: (payment) => formatMoney(payment.discount.amount) },
                { label: 'Method', cell: (payment) => payment.method },
                { label: 'Paid by', cell: (payment) => paidByText(payment.paidBy) },
              ]}
            />
          </div>
        )}
      </section>

      {invoice.creditMemos.length > 0 && (
        <section className="card" aria-labelledby="invoice-credit-memos">
          <h2 id="invoice-credit-memos">Credit memos applied</h2>
          <ul className="ledger-links">
            {invoice.creditMemos.map((memo) => (
              <li key={memo.id}>
                <Link to={`/credit-memo/${memo.id}`}>{memo.number}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
