import type { OrderSummary } from '@portal/contracts/orders';
import { plainDecimal, toCsv } from '../../lib/csv.ts';
import { placedByText, STATUS_LABELS } from './orderTexts.ts';

export const ORDERS_CSV_HEADER = [
  'Order #',
  'Date',
  'PO number',
  'Status',
  'Placed by',
  'Payment',
  'Items',
  'Total',
] as const;

/**
 * My Orders as a CSV file (issue 27 §11, as invoices and credit memos): the columns of the list, the date as
 * the UTC day (YYYY-MM-DD, spec 02 §9), money as plain decimals.
 */
export function ordersCsv(orders: readonly OrderSummary[]): string {
  return toCsv(
    ORDERS_CSV_HEADER,
    orders.map((order) => [
      order.number,
      order.created.slice(0, 10),
      order.poNumber ?? '',
      STATUS_LABELS[order.status],
      placedByText(order.placedBy),
      order.paymentLabel,
      String(order.itemCount),
      plainDecimal(order.total.cents),
    ]),
  );
}
