import { Link } from 'react-router';
import type { Order } from '@portal/contracts/orders';
import { formatMoney, formatNumber } from '@portal/contracts/format';
import { shippingMethodLabel } from '@portal/contracts/checkout-rules';
import { productPath } from '../../catalog/index.ts';

/**
 * What was bought, at the prices paid: product (a link while the product still exists), SKU, quantity,
 * price each and line total; then the totals (spec 02 §9: a tax-exempt business reads Tax exempt).
 */
export function OrderLinesTable({ order }: { order: Order }) {
  return (
    <>
      <table className="order-lines-table">
        <caption className="visually-hidden">Items of order {order.number}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">SKU</th>
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
          {order.lines.map((line) => (
            <tr key={line.id}>
              <th scope="row" className="order-line-product">
                {line.variant.product.id ? (
                  <Link to={productPath(line.sku)}>{line.productName}</Link>
                ) : (
                  line.productName
                )}
              </th>
              <td data-label="SKU" className="order-line-sku">
                {line.sku}
              </td>
              <td data-label="Qty" className="num">
                {formatNumber(line.quantity)}
              </td>
              <td data-label="Price" className="num">
                {formatMoney(line.unitPrice.cents)}
              </td>
              <td data-label="Total" className="num">
                {formatMoney(line.total.cents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="order-sums">
        <dt>Subtotal</dt>
        <dd>{formatMoney(order.subtotal.cents)}</dd>
        <dt>Shipping ({shippingMethodLabel(order.shippingMethodName)})</dt>
        <dd>{order.shippingPrice.cents === 0 ? 'Free' : formatMoney(order.shippingPrice.cents)}</dd>
        <dt>Tax{taxRateText(order.tax)}</dt>
        <dd>{order.tax.exempt ? 'Tax exempt' : formatMoney(order.tax.cents)}</dd>
        <dt className="order-sums-total">Total</dt>
        <dd className="order-sums-total">{formatMoney(order.total.cents)}</dd>
      </dl>
    </>
  );
}

/** ' (6.88%)' beside Tax when the order was taxed; nothing when exempt or untaxed. */
const taxRateText = (tax: Order['tax']) =>
  !tax.exempt && tax.rateBp > 0 ? ` (${(tax.rateBp / 100).toFixed(2).replace(/\.?0+$/, '')}%)` : '';
