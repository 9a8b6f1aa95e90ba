import type { OrderStatus } from '@portal/contracts/orders';
import { STATUS_LABELS } from '../orderTexts.ts';

/** An order's status as a badge, coloured by how far along it is (the word carries it, not the colour). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge order-status order-status-${status}`}>{STATUS_LABELS[status]}</span>;
}
