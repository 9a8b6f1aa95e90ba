import type { Ref } from 'react';
import { Link } from 'react-router';
import type { Checkout } from '@portal/contracts';
import { Button } from '../../../components/Button.tsx';
import { ProblemAlert } from '../../../components/FormLayout.tsx';
import { OrderTotals } from '../../../components/order/OrderTotals.tsx';
import { OrderLines } from './OrderLines.tsx';

/**
 * The order summary beside the sections: the lines and totals as the server priced them, what Place order
 * was refused for, and Place order itself (held while a choice that re-prices the order is saved).
 */
export function OrderSummary({
  checkout,
  problem,
  problemRef,
  busy,
  saving,
  onPlaceOrder,
}: {
  checkout: Checkout;
  problem: string[] | null;
  problemRef: Ref<HTMLDivElement>;
  /** The order is being placed. */
  busy: boolean;
  /** A choice that re-prices the order is being saved. */
  saving: boolean;
  onPlaceOrder: () => void;
}) {
  return (
    <>
      <OrderLines
        caption="Items in this order"
        lines={checkout.lines.map((line) => ({
          id: line.id,
          name: line.product.name,
          sku: line.product.sku,
          quantity: line.quantity,
          unitCents: line.product.price.cents,
          totalCents: line.total.cents,
          backordered: !line.product.isAvailable,
        }))}
      />
      <OrderTotals
        totals={{
          subtotalCents: checkout.subtotal.cents,
          shippingCents: checkout.shippingPrice.cents,
          shippingMethodName: checkout.currentShippingMethod.name,
          tax: checkout.tax,
          totalCents: checkout.totalPrice.cents,
        }}
      />
      {problem && <ProblemAlert focusRef={problemRef} lines={problem} />}
      <Button
        className="form-layout-submit"
        loading={busy}
        disabled={saving}
        aria-describedby={saving ? 'checkout-saving' : undefined}
        onClick={onPlaceOrder}
      >
        Place order
      </Button>
      {saving && (
        <p id="checkout-saving" className="muted small" role="status">
          Saving your choices…
        </p>
      )}
      <p className="checkout-note">
        <Link to="/cart">Back to cart</Link>
      </p>
    </>
  );
}
