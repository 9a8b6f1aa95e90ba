import { useState } from 'react';
import { Link } from 'react-router';
import { shippingMethodLabel } from '@portal/contracts/checkout-rules';
import { formatDate } from '@portal/contracts/format';
import { readConfirmation } from './confirmation.ts';
import { AddressText } from './components/AddressText.tsx';
import { OrderLines, OrderTotals } from './components/OrderLines.tsx';
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

      <div className="order-complete-grid">
        <section className="card" aria-labelledby="complete-ships-to">
          <h2 id="complete-ships-to">Shipping</h2>
          <p>
            <AddressText address={order.shippingAddress} />
          </p>
          <dl className="details">
            <dt>Method</dt>
            <dd>{shippingMethodLabel(order.shippingMethodName)}</dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="complete-payment">
          <h2 id="complete-payment">Payment</h2>
          <dl className="details">
            <dt>Paid by</dt>
            <dd>{order.payment.label}</dd>
            <dt>PO number</dt>
            <dd>{order.poNumber ?? 'None'}</dd>
          </dl>
          {order.billingAddress && (
            <>
              <h3 className="order-complete-subhead">Billing address</h3>
              <p>
                <AddressText address={order.billingAddress} />
              </p>
            </>
          )}
        </section>
      </div>

      <section className="card" aria-labelledby="complete-items">
        <h2 id="complete-items">Items</h2>
        <OrderLines
          caption={`Items of order ${order.number}`}
          lines={order.lines.map((line) => ({
            id: line.id,
            name: line.productName,
            sku: line.sku,
            quantity: line.quantity,
            unitCents: line.unitPrice.cents,
            totalCents: line.total.cents,
          }))}
        />
        <OrderTotals
          totals={{
            subtotalCents: order.subtotal.cents,
            shippingCents: order.shippingPrice.cents,
            shippingMethodName: order.shippingMethodName,
            tax: order.tax,
            totalCents: order.total.cents,
          }}
        />
      </section>

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
