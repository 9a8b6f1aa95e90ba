import { Link } from 'react-router';
import type { OrderSummary } from '@portal/contracts/orders';
import { formatDate, formatMoney, formatNumber } from '@portal/contracts/format';
import { placedByText } from '../orderTexts.ts';
import { StatusBadge } from './StatusBadge.tsx';

/**
 * The orders as a table on a wide screen; at 740 px and below each row is a card (orders.css), its cells
 * labelled from `data-label`, so nothing scrolls sideways. The order number links to the order.
 */
export function OrdersTable({ orders }: { orders: OrderSummary[] }) {
  return (
    <table className="orders-table">
      <caption className="visually-hidden">Orders, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Order #</th>
          <th scope="col">Date</th>
          <th scope="col">PO number</th>
          <th scope="col">Status</th>
          <th scope="col">Placed by</th>
          <th scope="col">Payment</th>
          <th scope="col" className="num">
            Items
          </th>
          <th scope="col" className="num">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id}>
            <th scope="row" className="orders-number">
              <Link to={`/order/${order.id}`}>{order.number}</Link>
            </th>
            <td data-label="Date">
              <time dateTime={order.created}>{formatDate(order.created)}</time>
            </td>
            <td data-label="PO number">{order.poNumber ?? <span className="muted">None</span>}</td>
            <td data-label="Status">
              <StatusBadge status={order.status} />
            </td>
            <td data-label="Placed by">{placedByText(order.placedBy)}</td>
            <td data-label="Payment">{order.paymentLabel}</td>
            <td data-label="Items" className="num">
              {formatNumber(order.itemCount)}
            </td>
            <td data-label="Total" className="num">
              {formatMoney(order.total.cents)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
