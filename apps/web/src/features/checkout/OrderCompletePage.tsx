import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@portal/contracts/format';
import { Confirmation, NoConfirmation } from '../../components/Confirmation.tsx';
import { readConfirmation } from './confirmation.ts';
import { OrderSummary } from '../../components/order/OrderSummary.tsx';
import { placedByText } from '../../components/order/placedBy.ts';
import './checkout.css';

/**
 * /cart/checkout/products/complete, Order Complete (spec 02 §2): the order just placed, read from local
 * storage (spec 01 §9 checkout confirmation), so a reload still shows it. Print-friendly.
 */
export default function OrderCompletePage() {
  const [confirmation] = useState(readConfirmation);

  if (!confirmation)
    return (
      <NoConfirmation className="order-complete" title="Order Complete" heading="No recent order to show">
        The confirmation of your last order is not in this browser any more. Your orders are all in{' '}
        <Link to="/my-orders">My Orders</Link>.
      </NoConfirmation>
    );

  const { order } = confirmation;
  return (
    <Confirmation
      className="order-complete"
      title="Order Complete"
      lead={
        <>
          Thank you! Your order <strong className="order-number">{order.number}</strong> is placed.
        </>
      }
      facts={
        <>
          <dt>Order number</dt>
          <dd>{order.number}</dd>
          <dt>Date</dt>
          <dd>{formatDate(order.created)}</dd>
          <dt>For</dt>
          <dd>
            {order.businessPartner.companyName} ({order.businessPartner.sapBpCode})
          </dd>
          <dt>Placed by</dt>
          <dd>{placedByText(order.placedBy)}</dd>
        </>
      }
      note={`A confirmation is on its way to ${order.placedBy.email}.`}
      actionsClassName="order-complete-actions"
      actions={
        <>
          <Link className="button button-primary" to={`/order/${order.id}`}>
            View order
          </Link>
          <Link className="button button-secondary" to="/search">
            Continue shopping
          </Link>
        </>
      }
    >
      <OrderSummary
        order={order}
        paymentFacts={
          <>
            <dt>PO number</dt>
            <dd>{order.poNumber ?? 'None'}</dd>
          </>
        }
      />
    </Confirmation>
  );
}
