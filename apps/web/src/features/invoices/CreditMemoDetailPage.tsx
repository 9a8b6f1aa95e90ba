import { Link } from 'react-router';
import { PrintLetterhead } from '../../components/PrintLetterhead.tsx';
import { useQuery } from '@tanstack/react-query';
import { BILLING_TEXTS, type CreditMemoDetail } from '@portal/contracts/billing';
import { formatMoney } from '@portal/contracts/format';
import { CardTable } from '../../components/CardTable.tsx';
import { isNotFound, PageLoadError, PageLoading, RecordNotFound } from '../../components/PageStates.tsx';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { isUuid } from '../../lib/uuid.ts';
import { creditMemoQuery, type LedgerScope } from './api.ts';
import { formatDay } from './format.ts';
import { PAYMENT_PATH } from './paths.ts';

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
  usePageTitle(memo.data ? `Credit memo ${memo.data.number}` : null, CREDIT_MEMOS_TITLE);

  if (memo.data) return <CreditMemoDetails memo={memo.data} />;
  if (isNotFound(memo.error)) return <CreditMemoNotFound />;
  if (memo.isError)
    return (
      <PageLoadError
        className="invoice-page"
        title={CREDIT_MEMOS_TITLE}
        error={memo.error}
        onRetry={() => void memo.refetch()}
      />
    );
  return (
    <PageLoading className="invoice-page" title="Credit memo">
      <p className="muted">Loading the credit memo…</p>
    </PageLoading>
  );
}

function CreditMemoNotFound() {
  return (
    <RecordNotFound
      className="invoice-page"
      heading={BILLING_TEXTS.creditMemoNotFound}
      title="Credit memo not found"
      routeTitle={CREDIT_MEMOS_TITLE}
      listPath="/credit-memo"
      listName="Credit Memos"
    />
  );
}

function CreditMemoDetails({ memo }: { memo: CreditMemoDetail }) {
  const open = memo.amount_left.amount > 0;
  return (
    <div className="page invoice-page">
      <PrintLetterhead />
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
            <CardTable
              className="card-table ledger-table"
              caption={`Where credit memo ${memo.number} was applied`}
              rows={memo.applications}
              rowKey={(application, i) => `${application.receiptNumber}-${i}`}
              rowHeader={{
                label: 'Invoice',
                className: 'ledger-number',
                cell: (application) => (
                  <Link to={`/invoice/${application.invoice.id}`}>{application.invoice.number}</Link>
                ),
              }}
              columns={[
                { label: 'Date', cell: (application) => formatDay(application.date) },
                { label: 'Receipt', cell: (application) => application.receiptNumber },
                { label: 'Amount', numeric: true, cell: (application) => formatMoney(application.amount.amount) },
              ]}
            />
          </div>
        )}
      </section>
    </div>
  );
}
