import { shippingMethodLabel } from '@portal/contracts/checkout-rules';
import { formatMoney } from '@portal/contracts/format';
import './order.css';

export interface TotalsView {
  subtotalCents: number;
  shippingCents: number;
  /** The method's name as stored ('B2B-UPS Ground'); shown without its prefix (spec 02 §9). */
  shippingMethodName: string;
  tax: { cents: number; rateBp: number; exempt: boolean };
  totalCents: number;
}

/** ' (6.88%)' beside Tax when taxed; nothing when exempt or untaxed. */
const taxRateText = (tax: TotalsView['tax']) =>
  !tax.exempt && tax.rateBp > 0 ? ` (${(tax.rateBp / 100).toFixed(2).replace(/\.?0+$/, '')}%)` : '';

/**
 * Subtotal, shipping, tax and total of a checkout or an order (spec 02 §9: en-US dollars; free shipping
 * reads Free; a tax-exempt business reads Tax exempt).
 */
export function OrderTotals({ totals }: { totals: TotalsView }) {
  const { tax } = totals;
  return (
    <dl className="order-totals">
      <dt>Subtotal</dt>
      <dd>{formatMoney(totals.subtotalCents)}</dd>
      <dt>Shipping ({shippingMethodLabel(totals.shippingMethodName)})</dt>
      <dd>{totals.shippingCents === 0 ? 'Free' : formatMoney(totals.shippingCents)}</dd>
      <dt>Tax{taxRateText(tax)}</dt>
      <dd>{tax.exempt ? 'Tax exempt' : formatMoney(tax.cents)}</dd>
      <dt className="order-total">Total</dt>
      <dd className="order-total">{formatMoney(totals.totalCents)}</dd>
    </dl>
  );
}
