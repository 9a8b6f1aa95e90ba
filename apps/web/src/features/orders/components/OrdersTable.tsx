import { Link } from 'react-router';
import type { OrderSummary } from '@portal/contracts/orders';
import { formatDate, formatMoney, formatNumber } from '@portal/contracts/format';
import { CardTable } from '../../../components/CardTable.tsx';
import { placedByText } from '../orderTexts.ts';
import { StatusBadge } from './StatusBadge.tsx';

/** The orders, newest first: a table on a wide screen, a card each on a phone. The number links to the order. */
export function OrdersTable({ orders }: { orders: OrderSummary[] }) {
  return (
    <CardTable
      className="card-table orders-table"
      caption="Orders, newest first"
      rows={orders}
      rowKey={(order) => order.id}
      rowHeader={{ label: 'Order #', cell: (order) => <Link to={`/order/${order.id}`}>{order.number}</Link> }}
      columns={[
        { label: 'Date', cell: (order) => <time dateTime={order.created}>{formatDate(order.created)}</time> },
        { label: 'PO number', cell: (order) => order.poNumber ?? <span className="muted">None</span> },
        { label: 'Status', cell: (order) => <StatusBadge status={order.status} /> },
        { label: 'Placed by', cell: (order) => placedByText(order.placedBy) },
        { label: 'Payment', cell: (order) => order.paymentLabel },
        { label: 'Items', numeric: true, cell: (order) => formatNumber(order.itemCount) },
        { label: 'Total', numeric: true, cell: (order) => formatMoney(order.total.cents) },
      ]}
    />
  );
}
