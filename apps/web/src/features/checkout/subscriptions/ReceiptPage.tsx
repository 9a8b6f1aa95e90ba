import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Purchase } from '@portal/contracts';
import { formatDate, formatDateTime } from '@portal/contracts/format';
import { DURATION_LABELS } from '@portal/contracts/plans';
import { SUBSCRIPTION_TEXTS } from '@portal/contracts/subscriptions';
import { Confirmation, NoConfirmation } from '../../../components/Confirmation.tsx';
import { isNotFound, PageLoadError, PageLoading } from '../../../components/PageStates.tsx';
import { formatPlanMoney } from '../../plans/index.ts';
import { receiptQuery } from './api.ts';
import { PurchaseTotals } from './PurchaseTotals.tsx';
import '../checkout.css';
import './subscriptions.css';

const TITLE = 'Order Complete';
const CLASS = 'subscription-complete';

/**
 * /cart/checkout/subscriptions/complete, Order Complete (spec 02 §2; issue 30 item 3): the receipt of the plans just
 * paid (GET /api/payments/{uuid}). The uuid is in the address (`?uuid=`), so a reload, a bookmark or a printout's
 * link shows it again. Print-friendly.
 */
export default function ReceiptPage() {
  const [params] = useSearchParams();
  const uuid = (params.get('uuid') ?? '').trim();
  const receipt = useQuery({ ...receiptQuery(uuid), enabled: uuid !== '' });

  if (!uuid || (receipt.isError && isNotFound(receipt.error)))
    return (
      <NoConfirmation
        className={CLASS}
        title={TITLE}
        heading={uuid ? SUBSCRIPTION_TEXTS.receiptNotFound : 'No receipt to show'}
      >
        {uuid
          ? 'It may belong to another business, or the link may be incomplete.'
          : 'This page shows the receipt of plans just paid.'}{' '}
        Your plan purchases are all under <Link to="/billing">Billing</Link>, in Plan sales.
      </NoConfirmation>
    );
  if (receipt.isPending) return <PageLoading className={CLASS} title={TITLE} />;
  if (receipt.isError)
    return (
      <PageLoadError className={CLASS} title={TITLE} error={receipt.error} onRetry={() => void receipt.refetch()} />
    );
  return <Receipt purchase={receipt.data} />;
}

function Receipt({ purchase }: { purchase: Purchase }) {
  const money = (cents: number) => formatPlanMoney(cents, purchase.currency);
  return (
    <Confirmation
      className={CLASS}
      title={TITLE}
      lead={
        <>
          Thank you! Your plan purchase <strong>{purchase.number}</strong> is paid and the plans are on the devices.
        </>
      }
      facts={
        <>
          <dt>Receipt number</dt>
          <dd>{purchase.number}</dd>
          {purchase.created && (
            <>
              <dt>Date</dt>
              <dd>{formatDateTime(purchase.created)}</dd>
            </>
          )}
          <dt>Paid by</dt>
          <dd>{purchase.paid_by ?? '—'}</dd>
          <dt>Method</dt>
          <dd>{purchase.method ?? '—'}</dd>
          <dt>Transaction id</dt>
          <dd className="receipt-transaction">{purchase.transaction_id ?? 'None (nothing was charged)'}</dd>
          <dt>Total</dt>
          <dd>{money(purchase.final_charge)}</dd>
        </>
      }
      note="Keep this receipt: it is also listed under Billing, in Plan sales."
      actionsClassName="subscription-complete-actions"
      actions={
        <>
          <Link className="button button-primary" to="/devices">
            Go to devices
          </Link>
          <Link className="button button-secondary" to="/subscriptions">
            Pricing plans
          </Link>
        </>
      }
    >
      <section className="card receipt-lines" aria-labelledby="receipt-devices-title">
        <h2 id="receipt-devices-title">Devices</h2>
        <ul className="plan-lines">
          {purchase.line_items.map((line) => (
            <li key={line.device_key} className="plan-line receipt-device">
              <div className="plan-line-what">
                <p className="plan-line-plan">
                  <strong>{line.new_plan_name}</strong>, {DURATION_LABELS[line.newPricingPlan].toLowerCase()}
                </p>
                <p className="small">
                  <Link to={`/devices/${encodeURIComponent(line.device_key)}`}>Device {line.device_key}</Link> (
                  {line.productName})
                </p>
                <p className="muted small">
                  {line.expires_at ? `Expires ${formatDate(line.expires_at)}` : 'Renews month to month'}
                </p>
              </div>
              <dl className="plan-line-money">
                <dt>Price</dt>
                <dd>{money(line.amount)}</dd>
                {line.credit > 0 && (
                  <>
                    <dt>Credit</dt>
                    <dd>−{money(line.credit)}</dd>
                  </>
                )}
              </dl>
            </li>
          ))}
        </ul>
        <PurchaseTotals purchase={purchase} />
      </section>
    </Confirmation>
  );
}
