import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Order } from '@portal/contracts/orders';
import { formatMoney, formatNumber } from '@portal/contracts/format';
import { OrderTotals } from './OrderTotals.tsx';
import './order.css';

/**
 * What an order bought, at the prices paid: product (a link while the product still exists, when the
 * page knows the product's address), SKU, quantity, price each and line total; then the totals. On a
 * phone each line is a small card.
 */
export function OrderItems({ order, productHref }: { order: Order; productHref?: (sku: string) => string }) {
  const productName = (line: Order['lines'][number]): ReactNode =>
    productHref && line.variant.product.id ? (
      <Link to={productHref(line.sku)}>{line.productName}</Link>
    ) : (
      line.productName
    );
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
                {productName(line)}
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
      <OrderTotals
        totals={{
          subtotalCents: order.subtotal.cents,
          shippingCents: order.shippingPrice.cents,
          shippingMethodName: order.shippingMethodName,
          tax: order.tax,
          totalCents: order.total.cents,
        }}
      />
    </>
  );
}
