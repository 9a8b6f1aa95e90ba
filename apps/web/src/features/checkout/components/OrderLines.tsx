import { shippingMethodLabel } from '@portal/contracts/checkout-rules';
import { formatMoney } from '@portal/contracts/format';

export interface OrderLineView {
  id: string;
  name: string;
  sku: string;
  quantity: number;
  /** Each, in cents. */
  unitCents: number;
  totalCents: number;
}

/** What is bought: name, SKU, quantity, price each and line total, as the server priced them. */
export function OrderLines({ lines, caption }: { lines: OrderLineView[]; caption: string }) {
  return (
    <table className="order-lines">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col" className="num">
            Qty
          </th>
          <th scope="col" className="num">
            Price
          </th>
          <th scope="col" className="num">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id}>
            <th scope="row" className="order-line-product">
              <span className="order-line-name">{line.name}</span>
              <span className="order-line-sku">{line.sku}</span>
            </th>
            <td className="num">{line.quantity}</td>
            <td className="num">{formatMoney(line.unitCents)}</td>
            <td className="num">{formatMoney(line.totalCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface TotalsView {
  subtotalCents: number;
  shippingCents: number;
  /** The method's name as stored ('B2B-UPS Ground'); shown without its prefix (spec 02 §9). */
  shippingMethodName: string;
  tax: { cents: number; rateBp: number; exempt: boolean };
  totalCents: number;
}

/** spec 02 §9: money in en-US dollars; free shipping reads Free; a tax-exempt business reads Tax exempt. */
export function OrderTotals({ totals }: { totals: TotalsView }) {
  const { tax } = totals;
  return (
    <dl className="order-totals">
      <dt>Subtotal</dt>
      <dd>{formatMoney(totals.subtotalCents)}</dd>
      <dt>Shipping ({shippingMethodLabel(totals.shippingMethodName)})</dt>
      <dd>{totals.shippingCents === 0 ? 'Free' : formatMoney(totals.shippingCents)}</dd>
      <dt>Tax{!tax.exempt && tax.rateBp > 0 ? ` (${(tax.rateBp / 100).toFixed(2).replace(/\.?0+$/, '')}%)` : ''}</dt>
      <dd>{tax.exempt ? 'Tax exempt' : formatMoney(tax.cents)}</dd>
      <dt className="order-total">Total</dt>
      <dd className="order-total">{formatMoney(totals.totalCents)}</dd>
    </dl>
  );
}
