import type { ReactNode } from 'react';
import type { Order } from '@portal/contracts/orders';
import { shippingMethodLabel } from '@portal/contracts/checkout-rules';
import { AddressText } from './AddressText.tsx';
import { OrderItems } from './OrderItems.tsx';
import './order.css';

/**
 * An order's shipping, billing and items, as the order page and Order Complete both show them. Each page
 * adds its own facts: `shippingFacts` (carrier and tracking) and `paymentFacts` (the PO number) are
 * further rows of the cards' lists.
 */
export function OrderSummary({
  order,
  shippingFacts,
  paymentFacts,
  productHref,
}: {
  order: Order;
  shippingFacts?: ReactNode;
  paymentFacts?: ReactNode;
  productHref?: (sku: string) => string;
}) {
  const id = `order-${order.id}`;
  return (
    <>
      <div className="order-grid">
        <section className="card" aria-labelledby={`${id}-shipping`}>
          <h2 id={`${id}-shipping`}>Shipping</h2>
          <p>
            <AddressText address={order.shippingAddress} withPhone />
          </p>
          <dl className="details">
            <dt>Method</dt>
            <dd>{shippingMethodLabel(order.shippingMethodName)}</dd>
            {shippingFacts}
          </dl>
        </section>
        <section className="card" aria-labelledby={`${id}-payment`}>
          <h2 id={`${id}-payment`}>Payment</h2>
          <dl className="details">
            <dt>Paid by</dt>
            <dd>{order.payment.label}</dd>
            {paymentFacts}
          </dl>
          {order.billingAddress && (
            <>
              <h3 className="order-subhead">Billing address</h3>
              <p>
                <AddressText address={order.billingAddress} withPhone />
              </p>
            </>
          )}
        </section>
      </div>

      <section className="card" aria-labelledby={`${id}-items`}>
        <h2 id={`${id}-items`}>Items</h2>
        <OrderItems order={order} productHref={productHref} />
      </section>
    </>
  );
}
