import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BILLING_TEXTS, type InvoiceDetail } from '@portal/contracts/billing';
import { formatMoney, formatNumber } from '@portal/contracts/format';
import { ApiError } from '../../lib/api.ts';
import { alertLinesFor } from '../../lib/errors.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { invoiceQuery, type LedgerScope } from './api.ts';
import { formatDay, paidByText, percentOf } from './format.ts';
import { isUuid, paymentPathFor } from './paths.ts';
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
  const notFound = invoice.error instanceof ApiError && (invoice.error.status === 404 || invoice.error.status === 400);
  usePageTitle(invoice.data ? `Invoice ${invoice.data.number}` : null, INVOICES_TITLE);

  if (invoice.data) return <InvoiceDetails invoice={invoice.data} />;
  if (notFound) return <InvoiceNotFound />;
  if (invoice.isError)
    return (
      <div className="page invoice-page">
        <h1>{INVOICES_TITLE}</h1>
        <div className="alert alert-error" role="alert">
          <div className="alert-content">
            <p>{alertLinesFor(invoice.error).join(' ')}</p>
            <button type="button" className="alert-action" onClick={() => void invoice.refetch()}>
              Try again
            </button>
          </div>
        </div>
      </div>
    );
  return (
    <div className="page invoice-page" aria-busy="true">
      <h1>Invoice</h1>
      <p className="muted">Loading the invoice…</p>
      <div className="ledger-skeleton">
        <div />
        <div />
      </div>
    </div>
  );
}

function InvoiceNotFound() {
  usePageTitle('Invoice not found', INVOICES_TITLE);
  return (
    <div className="page invoice-page">
      <h1>{BILLING_TEXTS.invoiceNotFound}</h1>
      <div className="empty-state">
        <p>It may belong to another business, or the link may be incomplete.</p>
        <p>
          <Link to="/invoice">Go to Invoices</Link>
        </p>
      </div>
    </div>
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
          <table className="ledger-lines">
            <caption className="visually-hidden">Items of invoice {invoice.number}</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="num">
                  Quantity
                </th>
                <th scope="col" className="num">
                  Unit price
                </th>
                <th scope="col" className="num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((line, i) => (
                <tr key={`${line.sku}-${i}`}>
                  <th scope="row" className="ledger-line-product">
                    <span className="ledger-line-name">{line.productName}</span>
                    <span className="ledger-line-sku">{line.sku}</span>
                  </th>
                  <td data-label="Quantity" className="num">
                    {formatNumber(line.quantity)}
                  </td>
                  <td data-label="Unit price" className="num">
                    {formatMoney(line.unitPrice.amount)}
                  </td>
                  <td data-label="Total" className="num">
                    {formatMoney(line.total.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
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
            <table className="ledger-table ledger-payments">
              <caption className="visually-hidden">Payments of invoice {invoice.number}</caption>
              <thead>
                <tr>
                  <th scope="col">Receipt</th>
                  <th scope="col">Date</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col" className="num">
                    Credit
                  </th>
                  <th scope="col" className="num">
                    Discount
                  </th>
                  <th scope="col">Method</th>
                  <th scope="col">Paid by</th>
                </tr>
              </thead>
              <tbody>
                {invoice.payments.map((payment, i) => (
                  <tr key={`${payment.receiptNumber}-${i}`}>
                    <th scope="row" className="ledger-number">
                      {payment.receiptNumber}
                    </th>
                    <td data-label="Date">{formatDay(payment.date)}</td>
                    <td data-label="Amount" className="num">
                      {formatMoney(payment.amount.amount)}
                    </td>
                    <td data-label="Credit" className="num">
                      {formatMoney(payment.credit.amount)}
                    </td>
                    <td data-label="Discount" className="num">
                      {formatMoney(payment.discount.amount)}
                    </td>
                    <td data-label="Method">{payment.method}</td>
                    <td data-label="Paid by">{paidByText(payment.paidBy)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
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
