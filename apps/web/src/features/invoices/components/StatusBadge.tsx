import type { InvoiceStatus } from '@portal/contracts/billing';
import { STATUS_LABELS } from '../format.ts';

/** An invoice's status: the word says it; the colour only repeats it (invoices.css). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <span className={`badge invoice-status invoice-status-${status}`}>{STATUS_LABELS[status]}</span>;
}
