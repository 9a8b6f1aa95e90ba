import type { OrderStatus } from '@portal/contracts/orders';

/** How a status reads on My Orders and an order's page. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/**
 * Texts of My Orders and the order page the spec does not give (ours; the server's own, as 'Order not
 * found.', are ORDER_TEXTS in contracts/orders.ts).
 */
export const ORDERS_PAGE_TEXTS = {
  noOrdersYet: 'No orders yet. Find products in the catalog and check out.',
  noMatch: 'No orders match these filters.',
  reorderAdded: 'Added to your cart:',
  reorderNotAdded: 'Not added to your cart:',
  reorderNothingAdded: 'Nothing from this order could be added to your cart.',
} as const;

export { placedByText } from '../../components/order/placedBy.ts';

/** The carrier's tracking page (ours: the demo ships UPS only; another carrier shows its number without a link). */
export function trackingUrl(carrier: string | null, trackingNumber: string): string | null {
  if (carrier?.trim().toUpperCase() !== 'UPS') return null;
  return `https://www.ups.com/track?tracknum=${encodeURIComponent(trackingNumber)}`;
}
