import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueries, useQuery } from '@tanstack/react-query';
import { BILLING_TEXTS, type Invoice } from '@portal/contracts/billing';
import { countOf } from '@portal/contracts/format';
import { ListSkeleton } from '../../components/ListStates.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { ApiError } from '../../lib/api.ts';
import { paymentMethodsQuery } from '../billing/index.ts';
import { creditMemoPageQuery, invoicePageQuery, invoiceQuery, type LedgerScope } from './api.ts';
import { chosenIdsOf } from './paths.ts';
import { BillingOnly } from './components/BillingOnly.tsx';
import { PaymentForm } from './payment/PaymentForm.tsx';
import '../../components/CardTable.css';
import './invoices.css';

const TITLE = 'Pay Invoices';

/** What is owed, most urgent first: the invoices the screen offers (the chosen ones beyond it are asked one by one). */
const UNPAID_REQUEST = { first: 100, unpaid: true, sort: 'due_date', direction: 'asc' } as const;
const OPEN_CREDIT_REQUEST = { first: 100, open: true } as const;

/**
 * /invoice-payment (spec 02 §2, §4 invoice payment; issue 19 item 3): the invoices chosen (in the address,
 * or ticked here from what is owed), each with the amount to pay on it, open credit memos to apply, and a
 * saved card or verified bank account for the rest; the sums as the server will charge them; then Pay,
 * once, whatever the retries.
 */
export default function InvoicePaymentPage() {
  return (
    <BillingOnly title={TITLE}>
      {({ scope, business }) => <PaymentPage scope={scope} business={business} />}
    </BillingOnly>
  );
}

function PaymentPage({
  scope,
  business,
}: {
  scope: LedgerScope;
  business: { companyName: string; sapBpCode: string };
}) {
  const [paid, setPaid] = useState(false);
  return (
    <div className="page invoice-payment">
      <h1>{TITLE}</h1>
      {paid ? (
        <p className="centered-status" role="status">
          Payment received. Opening your receipt…
        </p>
      ) : (
        <>
          <p className="muted payment-for">
            For {business.companyName} ({business.sapBpCode}) · <Link to="/invoice">Invoices</Link> ·{' '}
            <Link to="/billing">Billing</Link>
          </p>
          <Payment scope={scope} sapBpCode={business.sapBpCode} onPaid={() => setPaid(true)} />
        </>
      )}
    </div>
  );
}

function Payment({ scope, sapBpCode, onPaid }: { scope: LedgerScope; sapBpCode: string; onPaid: () => void }) {
  const [params, setParams] = useSearchParams();
  const chosenIds = chosenIdsOf(params);
  const unpaid = useQuery(invoicePageQuery(scope, UNPAID_REQUEST));
  const listed = unpaid.data?.edges.map((edge) => edge.node) ?? [];
  // Chosen on the list but beyond the first 100 owed (or paid since): asked one by one.
  const beyond = unpaid.data ? chosenIds.filter((id) => !listed.some((invoice) => invoice.id === id)) : [];
  const extra = useQueries({ queries: beyond.map((id) => invoiceQuery(scope, id)) });
  const memosQuery = useQuery(creditMemoPageQuery(scope, OPEN_CREDIT_REQUEST));
  const methods = useQuery(paymentMethodsQuery(sapBpCode));

  const extraUnpaid = extra.flatMap((query) => (query.data && !query.data.isPaid ? [query.data] : []));
  const extraPaid = extra.flatMap((query) => (query.data?.isPaid ? [query.data.number] : []));
  const extraMissing = extra.filter((query) => query.error instanceof ApiError && query.error.status < 500).length;
  const rows: Invoice[] = [...listed, ...extraUnpaid];
  const chosen = chosenIds.flatMap((id) => rows.filter((invoice) => invoice.id === id));
  const memos = (memosQuery.data?.edges.map((edge) => edge.node) ?? []).filter((memo) => memo.amount_left.amount > 0);

  const setChosen = (ids: string[]) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (ids.length) next.set('ids', ids.join(','));
        else next.delete('ids');
        return next;
      },
      { replace: true },
    );
  const choose = (id: string, yes: boolean) =>
    setChosen(yes ? [...chosenIds.filter((other) => other !== id), id] : chosenIds.filter((other) => other !== id));

  if (unpaid.isPending) return <ListSkeleton rows={3} label="Loading what is owed" />;
  if (unpaid.isError && !unpaid.data)
    return <LoadError what="the invoices to pay" onRetry={() => void unpaid.refetch()} />;

  if (rows.length === 0 && extra.every((query) => !query.isPending))
    return (
      <div className="empty-state ledger-empty">
        <h2>Nothing to pay</h2>
        <p>
          Every invoice of this business is paid. New invoices appear when you buy on terms.
          {extraPaid.length > 0 && ` ${extraPaid.join(', ')}: ${BILLING_TEXTS.alreadyPaid}`}
        </p>
        <p>
          <Link to="/invoice">Go to Invoices</Link> · <Link to="/billing">Billing</Link>
        </p>
      </div>
    );

  return (
    <PaymentForm
      rows={rows}
      chosen={chosen}
      memos={memos}
      memosLoading={memosQuery.isPending}
      memosFailed={memosQuery.isError}
      onRetryMemos={() => void memosQuery.refetch()}
      methods={methods.data}
      methodsFailed={methods.isError}
      onRetryMethods={() => void methods.refetch()}
      totalUnpaid={unpaid.data?.totalCount ?? rows.length}
      notes={[
        ...extraPaid.map((number) => `${number}: ${BILLING_TEXTS.alreadyPaid}`),
        ...(extraMissing ? [`${countOf(extraMissing, 'chosen invoice')}: ${BILLING_TEXTS.invoiceNotFound}`] : []),
      ]}
      onChoose={choose}
      onPaid={onPaid}
    />
  );
}
