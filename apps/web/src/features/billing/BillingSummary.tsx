import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { BillingSummary as BillingSummaryData } from '@portal/contracts/billing';
import { countOf, formatMoney, formatNumber } from '@portal/contracts/format';
import { billingSummaryQuery, type LedgerScope } from '../invoices/index.ts';
import { ActionAlert } from '../../components/PageStates.tsx';
import { alertLinesFor } from '../../lib/errors.ts';

/** One figure of the account: its name, the amount, and a line under it (a count, a link). */
function Figure({
  label,
  value,
  children,
  alert = false,
}: {
  label: string;
  value: string;
  children?: ReactNode;
  /** Past due: shown as needing attention (the words say it too). */
  alert?: boolean;
}) {
  return (
    <div className={`billing-figure${alert ? ' is-alert' : ''}`}>
      <dt>{label}</dt>
      <dd>
        <span className="billing-figure-value">{value}</span>
        {children && <span className="billing-figure-detail">{children}</span>}
      </dd>
    </div>
  );
}

/**
 * The account on /billing (issue 19 item 4; spec 02 §3 business partner accountBalance, creditLimit,
 * pastDueInvoices, invoices.totalCount): every figure from the ledger, with the ways to the invoices, the
 * credit memos and paying.
 */
export function BillingSummary({ scope }: { scope: LedgerScope }) {
  const summary = useQuery(billingSummaryQuery(scope));

  return (
    <section className="card billing-summary" aria-labelledby="billing-summary-heading">
      <h2 id="billing-summary-heading">Account</h2>
      {summary.isPending ? (
        <div className="billing-figures-skeleton" aria-busy="true" aria-label="Loading the account">
          <div />
          <div />
          <div />
          <div />
        </div>
      ) : summary.isError ? (
        <ActionAlert
          message={alertLinesFor(summary.error).join(' ')}
          action="Try again"
          onAction={() => void summary.refetch()}
        />
      ) : (
        <SummaryFigures summary={summary.data} />
      )}
      <nav className="button-row billing-links" aria-label="Invoices and credit memos">
        <Link className="button button-primary" to="/invoice-payment">
          Pay invoices
        </Link>
        <Link className="button button-secondary" to="/invoice">
          Invoices
        </Link>
        <Link className="button button-secondary" to="/credit-memo">
          Credit memos
        </Link>
      </nav>
    </section>
  );
}

function SummaryFigures({ summary }: { summary: BillingSummaryData }) {
  const pastDue = summary.pastDue.count > 0;
  const limit = summary.creditLimit.amount;
  const usedShare = limit > 0 ? Math.min(1, Math.max(0, 1 - summary.creditAvailable.amount / limit)) : 0;
  return (
    <dl className="billing-figures">
      <Figure label="Account balance" value={formatMoney(summary.accountBalance.amount)}>
        What the business owes on its invoices
      </Figure>
      <Figure label="Credit limit" value={formatMoney(limit)}>
        {formatMoney(summary.creditAvailable.amount)} left to buy on terms
        {limit > 0 && (
          <span className="credit-meter" aria-hidden="true">
            <span style={{ width: `${Math.round(usedShare * 100)}%` }} />
          </span>
        )}
      </Figure>
      <Figure label="Past due" value={formatMoney(summary.pastDue.amount.amount)} alert={pastDue}>
        {pastDue ? (
          <Link to="/invoice?status=pastDue">{countOf(summary.pastDue.count, 'invoice')} past due</Link>
        ) : (
          'Nothing past due'
        )}
      </Figure>
      <Figure label="Open, not yet due" value={formatMoney(summary.open.amount.amount)}>
        {summary.open.count > 0 ? (
          <Link to="/invoice?status=open">{countOf(summary.open.count, 'open invoice')}</Link>
        ) : (
          'No open invoices'
        )}
      </Figure>
      <Figure label="Invoices" value={formatNumber(summary.invoiceCount)}>
        <Link to="/invoice">All invoices</Link>
      </Figure>
      <Figure label="Credit memos left" value={formatMoney(summary.creditMemos.amount_left.amount)}>
        {summary.creditMemos.count > 0 ? (
          <Link to="/credit-memo?open=1">{countOf(summary.creditMemos.count, 'open credit memo')}</Link>
        ) : (
          'No open credit memos'
        )}
      </Figure>
      <Figure label="Discount available now" value={formatMoney(summary.discountAvailable.amount.amount)}>
        {summary.discountAvailable.count > 0
          ? `On ${countOf(summary.discountAvailable.count, 'invoice')} paid in full early`
          : 'No early-pay discount open'}
      </Figure>
    </dl>
  );
}
