import type { Order } from '@portal/contracts/orders';
import { formatDateTime } from '@portal/contracts/format';
import { StatusBadge } from './StatusBadge.tsx';

/** Each state the order went through, oldest first, with when and why (a cancellation's note). */
export function StatusHistory({ history }: { history: Order['statusHistory'] }) {
  const events = [...history].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <ol className="order-history">
      {events.map((event) => (
        <li key={`${event.status}-${event.at}`}>
          <StatusBadge status={event.status} /> <time dateTime={event.at}>{formatDateTime(event.at)}</time>
          {event.note && <p className="order-history-note">{event.note}</p>}
        </li>
      ))}
    </ol>
  );
}
