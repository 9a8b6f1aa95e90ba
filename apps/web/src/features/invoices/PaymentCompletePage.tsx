import { useState } from 'react';
import { Link } from 'react-router';
import { countOf, formatMoney } from '@portal/contracts/format';
import { formatDay, paidByText } from './format.ts';
import { readReceipt } from './receipt.ts';
import './invoices.css';

/**
 * /invoice-payment/complete (spec 02 §2, issue 19 item 3): the receipt of the payment just made, read from
 * local storage so a reload still shows it: the invoices and what was paid on each, the discount taken,
 * the credit applied, what was charged and how, who paid, and the business's balance after it.
 */
export default function PaymentCompletePage() {
  const [receipt] = useState(readReceipt);

  if (!receipt)
    return (
      <div className="page payment-complete">
        <h1>Payment Complete</h1>
        <div className="empty-state">
          <h2>No recent payment to show</h2>
          <p>
            The receipt of your last payment is not in this browser any more. Each payment shows on its invoices, in{' '}
            <Link to="/invoice">Invoices</Link>.
          </p>
        </div>
      </div>
    );

  return (
    <div className="page payment-complete">
      <h1>Payment Complete</h1>
      <div className="success-panel payment-complete-thanks">
        <p className="payment-complete-lead">
          Thank you! Your payment is received: receipt <strong>{receipt.number}</strong>.
        </p>
        <dl className="details">
          <dt>Receipt number</dt>
          <dd>{receipt.number}</dd>
          <dt>Date</dt>
          <dd>{formatDay(receipt.date)}</dd>
          <dt>For</dt>
          <dd>
            {receipt.businessPartner.companyName} ({receipt.businessPartner.sapBpCode})
          </dd>
          <dt>Paid by</dt>
          <dd>{paidByText(receipt.paidBy)}</dd>
          <dt>Method</dt>
          <dd>{receipt.method ?? 'Credit memos only'}</dd>
        </dl>
        <p className="muted">A copy of this receipt is on its way by e-mail.</p>
      </div>

      <section className="card" aria-labelledby="receipt-invoices">
        <h2 id="receipt-invoices">Invoices paid</h2>
        <div className="table-scroll">
          <table className="ledger-table receipt-invoices">
            <caption className="visually-hidden">Invoices of receipt {receipt.number}</caption>
            <thead>
              <tr>
                <th scope="col">Invoice</th>
                <th scope="col" className="num">
                  Paid
                </th>
                <th scope="col" className="num">
                  Discount
                </th>
                <th scope="col">Now</th>
              </tr>
            </thead>
            <tbody>
              {receipt.invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <th scope="row" className="ledger-number">
                    <Link to={`/invoice/${invoice.id}`}>{invoice.number}</Link>
                  </th>
                  <td data-label="Paid" className="num">
                    {formatMoney(invoice.paid.amount)}
                  </td>
                  <td data-label="Discount" className="num">
                    {formatMoney(invoice.discount.amount)}
                  </td>
                  <td data-label="Now">{invoice.isPaid ? 'Paid in full' : 'Partly paid'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {receipt.creditMemos.length > 0 && (
          <>
            <h3 className="receipt-subhead">Credit memos applied</h3>
            <ul className="ledger-links">
              {receipt.creditMemos.map((memo) => (
                <li key={memo.id}>
                  <Link to={`/credit-memo/${memo.id}`}>{memo.number}</Link>: {formatMoney(memo.applied.amount)}
                </li>
              ))}
            </ul>
          </>
        )}
        <dl className="ledger-sums">
          <dt>Paid on {countOf(receipt.invoices.length, 'invoice')}</dt>
          <dd>{formatMoney(receipt.invoices.reduce((sum, invoice) => sum + invoice.paid.amount, 0))}</dd>
          <dt>Early-pay discount taken</dt>
          <dd>{formatMoney(receipt.discount.amount)}</dd>
          <dt>Credit applied</dt>
          <dd>{formatMoney(receipt.credit.amount)}</dd>
          <dt className="ledger-sums-total">Charged</dt>
          <dd className="ledger-sums-total">{formatMoney(receipt.charged.amount)}</dd>
          <dt>Account balance now</dt>
          <dd>{formatMoney(receipt.accountBalance.amount)}</dd>
        </dl>
      </section>

      <div className="button-row ledger-actions">
        <Link className="button button-primary" to="/invoice">
          Back to invoices
        </Link>
        <Link className="button button-secondary" to="/billing">
          Billing
        </Link>
        <button type="button" className="button button-link" onClick={() => window.print()}>
          Print
        </button>
      </div>
    </div>
  );
}
