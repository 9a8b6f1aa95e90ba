import { useState } from 'react';
import { Link } from 'react-router';
import { countOf, formatMoney } from '@portal/contracts/format';
import { CardTable } from '../../components/CardTable.tsx';
import { Confirmation, NoConfirmation } from '../../components/Confirmation.tsx';
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
      <NoConfirmation className="payment-complete" title="Payment Complete" heading="No recent payment to show">
        The receipt of your last payment is not in this browser any more. Each payment shows on its invoices, in{' '}
        <Link to="/invoice">Invoices</Link>.
      </NoConfirmation>
    );

  return (
    <Confirmation
      className="payment-complete"
      title="Payment Complete"
      lead={
        <>
          Thank you! Your payment is received: receipt <strong>{receipt.number}</strong>.
        </>
      }
      facts={
        <>
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
        </>
      }
      note="A copy of this receipt is on its way by e-mail."
      actionsClassName="ledger-actions"
      actions={
        <>
          <Link className="button button-primary" to="/invoice">
            Back to invoices
          </Link>
          <Link className="button button-secondary" to="/billing">
            Billing
          </Link>
        </>
      }
    >
      <section className="card" aria-labelledby="receipt-invoices">
        <h2 id="receipt-invoices">Invoices paid</h2>
        <div className="table-scroll">
          <CardTable
            className="card-table ledger-table receipt-invoices"
            caption={`Invoices of receipt ${receipt.number}`}
            rows={receipt.invoices}
            rowKey={(invoice) => invoice.id}
            rowHeader={{
              label: 'Invoice',
              className: 'ledger-number',
              cell: (invoice) => <Link to={`/invoice/${invoice.id}`}>{invoice.number}</Link>,
            }}
            columns={[
              { label: 'Paid', numeric: true, cell: (invoice) => formatMoney(invoice.paid.amount) },
              { label: 'Discount', numeric: true, cell: (invoice) => formatMoney(invoice.discount.amount) },
              { label: 'Now', cell: (invoice) => (invoice.isPaid ? 'Paid in full' : 'Partly paid') },
            ]}
          />
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
    </Confirmation>
  );
}
