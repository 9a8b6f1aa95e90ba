import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BILLING_TEXTS, type CreditMemoDetail } from '@portal/contracts/billing';
import { formatMoney } from '@portal/contracts/format';
import { ApiError } from '../../lib/api.ts';
import { alertLinesFor } from '../../lib/errors.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { creditMemoQuery, type LedgerScope } from './api.ts';
import { formatDay } from './format.ts';
import { isUuid, PAYMENT_PATH } from './paths.ts';

export const CREDIT_MEMOS_TITLE = 'Credit Memos';

/**
 * /credit-memo/{id} (spec 02 §2, §3 credit memo): its amount, what is left, why, where it came from (the
 * invoice or order), and the invoices it was applied to.
 */
export function CreditMemoDetailPage({ scope, id }: { scope: LedgerScope; id: string }) {
  if (!isUuid(id)) return <CreditMemoNotFound />;
  return <CreditMemoView key={id} scope={scope} id={id} />;
}

function CreditMemoView({ scope, id }: { scope: LedgerScope; id: string }) {
  const memo = useQuery(creditMemoQuery(scope, id));
  const notFound = memo.error instanceof ApiError && (memo.error.status === 404 || memo.error.status === 400);
  usePageTitle(memo.data ? `Credit memo ${memo.data.number}` : null, CREDIT_MEMOS_TITLE);

  if (memo.data) return <CreditMemoDetails memo={memo.data} />;
  if (notFound) return <CreditMemoNotFound />;
  if (memo.isError)
    return (
      <div className="page invoice-page">
        <h1>{CREDIT_MEMOS_TITLE}</h1>
        <div className="alert alert-error" role="alert">
          <div className="alert-content">
            <p>{alertLinesFor(memo.error).join(' ')}</p>
            <button type="button" className="alert-action" onClick={() => void memo.refetch()}>
              Try again
            </button>
          </div>
        </div>
      </div>
    );
  return (
    <div className="page invoice-page" aria-busy="true">
      <h1>Credit memo</h1>
      <p className="muted">Loading the credit memo…</p>
    </div>
  );
}

function CreditMemoNotFound() {
  usePageTitle('Credit memo not found', CREDIT_MEMOS_TITLE);
  return (
    <div className="page invoice-page">
      <h1>{BILLING_TEXTS.creditMemoNotFound}</h1>
      <div className="empty-state">
        <p>It may belong to another business, or the link may be incomplete.</p>
        <p>
          <Link to="/credit-memo">Go to Credit Memos</Link>
        </p>
      </div>
    </div>
  );
}

function CreditMemoDetails({ memo }: { memo: CreditMemoDetail }) {
  const open = memo.amount_left.amount > 0;
  return (
    <div className="page invoice-page">
      <p className="ledger-back">
        <Link to="/credit-memo">All credit memos</Link>
      </p>
      <header className="ledger-detail-head">
        <h1>Credit memo {memo.number}</h1>
        <span className={`badge invoice-status ${open ? 'invoice-status-open' : 'invoice-status-paid'}`}>
          {open ? 'Open' : 'Used'}
        </span>
      </header>
      <dl className="details ledger-facts">
        <dt>Date</dt>
        <dd>
          <time dateTime={memo.date}>{formatDay(memo.date)}</time>
        </dd>
        <dt>Amount</dt>
        <dd>{formatMoney(memo.amount.amount)}</dd>
        <dt>Left</dt>
        <dd>
          <strong>{formatMoney(memo.amount_left.amount)}</strong>
        </dd>
        <dt>Reason</dt>
        <dd>{memo.reason}</dd>
        {memo.invoice && (
          <>
            <dt>From invoice</dt>
            <dd>
              <Link to={`/invoice/${memo.invoice.id}`}>{memo.invoice.number}</Link>
            </dd>
          </>
        )}
        {memo.order && (
          <>
            <dt>From order</dt>
            <dd>
              <Link to={`/order/${memo.order.id}`}>{memo.order.number}</Link>
            </dd>
          </>
        )}
      </dl>
      {open && (
        <p className="ledger-actions">
          <Link className="button button-primary" to={PAYMENT_PATH}>
            Apply it to invoices
          </Link>
        </p>
      )}

      <section className="card" aria-labelledby="credit-memo-applications">
        <h2 id="credit-memo-applications">Applied to</h2>
        {memo.applications.length === 0 ? (
          <p className="muted">Not applied to any invoice yet. Choose it when you pay invoices.</p>
        ) : (
          <div className="table-scroll">
            <table className="ledger-table">
              <caption className="visually-hidden">Where credit memo {memo.number} was applied</caption>
              <thead>
                <tr>
                  <th scope="col">Invoice</th>
                  <th scope="col">Date</th>
                  <th scope="col">Receipt</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {memo.applications.map((application, i) => (
                  <tr key={`${application.receiptNumber}-${i}`}>
                    <th scope="row" className="ledger-number">
                      <Link to={`/invoice/${application.invoice.id}`}>{application.invoice.number}</Link>
                    </th>
                    <td data-label="Date">{formatDay(application.date)}</td>
                    <td data-label="Receipt">{application.receiptNumber}</td>
                    <td data-label="Amount" className="num">
                      {formatMoney(application.amount.amount)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
