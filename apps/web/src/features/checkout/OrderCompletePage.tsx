import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@portal/contracts/format';
import { readConfirmation } from './confirmation.ts';
import { OrderSummary } from '../../components/order/OrderSummary.tsx';
import './checkout.css';

/**
 * /cart/checkout/products/complete, Order Complete (spec 02 §2): the order just placed, read from local
 * storage (spec 01 §9 checkout confirmation), so a reload still shows it. Print-friendly.
 */
export default function OrderCompletePage() {
  const [confirmation] = useState(readConfirmation);

  if (!confirmation)
    return (
      <div className="page order-complete">
        <h1>Order Complete</h1>
        <div className="empty-state">
          <h2>No recent order to show</h2>
          <p>
            The confirmation of your last order is not in this browser any more. Your orders are all in{' '}
            <Link to="/my-orders">My Orders</Link>.
          </p>
        </div>
      </div>
    );

  const { order } = confirmation;
  return (
    <div className="page order-complete">
      <h1>Order Complete</h1>
      <div className="success-panel order-complete-thanks">
        <p className="order-complete-lead">
          Thank you! Your order <strong className="order-number">{order.number}</strong> is placed.
        </p>
        <dl className="details">
          <dt>Order number</dt>
          <dd>{order.number}</dd>
          <dt>Date</dt>
          <dd>{formatDate(order.created)}</dd>
          <dt>For</dt>
          <dd>
            {order.businessPartner.companyName} ({order.businessPartner.sapBpCode})
          </dd>
          <dt>Placed by</dt>
          <dd>
            {order.placedBy.name}
            {order.placedBy.actingFor ? `, acting as ${order.placedBy.actingFor}` : ''}
          </dd>
        </dl>
        <p className="muted">A confirmation is on its way to {order.placedBy.email}.</p>
      </div>

      <OrderSummary
        order={order}
        paymentFacts={
          <>
            <dt>PO number</dt>
            <dd>{order.poNumber ?? 'None'}</dd>
          </>
        }
      />

      <div className="button-row order-complete-actions">
        <Link className="button button-primary" to={`/order/${order.id}`}>
          View order
        </Link>
        <Link className="button button-secondary" to="/search">
          Continue shopping
        </Link>
        <button type="button" className="button button-link" onClick={() => window.print()}>
          Print
        </button>
      </div>
    </div>
  );
}
