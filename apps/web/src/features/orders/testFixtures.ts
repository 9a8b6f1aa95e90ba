// What the orders tests are answered with: Northside's orders as the list and the detail give them (its
// people: test/fixtures.ts).
import type { Checkout } from '@portal/contracts';
import type { Order, OrderConnection, OrderSummary } from '@portal/contracts/orders';
import { connectionOf, NORTHSIDE, northsideAddress } from '../../test/fixtures.ts';

/** Order ids: a UUID whose last digits are the order's sequence. */
export const orderId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** An order as the list shows it; SO-1000nn, newest first when listed by descending n. */
export function summary(n: number, overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id: orderId(n),
    number: `SO-${100000 + n}`,
    status: 'delivered',
    created: `2026-03-${String(Math.min(n, 28)).padStart(2, '0')}T15:04:00.000Z`,
    poNumber: `NS-${1200 + n}`,
    total: { cents: 10000 + n * 100 },
    shippingMethodName: 'B2B-UPS Ground',
    itemCount: 3,
    placedBy: { name: 'Gary Lindqvist', actingFor: null },
    paymentLabel: 'Cash on delivery',
    ...overrides,
  };
}

/** A page of the list: its orders, the count of all that match, and whether more come after `endCursor`. */
export const connection = (
  orders: OrderSummary[],
  totalCount = orders.length,
  endCursor: string | null = null,
): OrderConnection => connectionOf(orders, totalCount, endCursor);

/** SO-100012: shipped by UPS, placed by the inside rep for the owner; one line's product is gone. */
export const shippedOrder: Order = {
  id: orderId(12),
  number: 'SO-100012',
  status: 'shipped',
  created: '2026-03-12T15:04:00.000Z',
  poNumber: 'NS-1290',
  businessPartner: NORTHSIDE,
  lines: [
    {
      id: 'line-1',
      productName: 'Northwind X1234 Remote Start',
      sku: 'NW-RS-X1234',
      quantity: 2,
      unitPrice: { cents: 19999 },
      total: { cents: 39998 },
      variant: { product: { id: '11111111-1111-4111-8111-111111111111' } },
      backordered: false,
    },
    {
      id: 'line-2',
      productName: 'Northwind Old Relay',
      sku: 'NW-OLD-1',
      quantity: 1,
      unitPrice: { cents: 2500 },
      total: { cents: 2500 },
      variant: { product: { id: null } },
      // Out of stock when ordered (issue 27 §12).
      backordered: true,
    },
  ],
  metadata: [{ key: 'channel', value: 'dealer' }],
  shippingMethodName: 'B2B-UPS 2nd Day Air',
  shippingAddress: northsideAddress,
  billingAddress: { ...northsideAddress, name: 'Northside Accounts Payable', streetAddress1: 'PO Box 2210' },
  subtotal: { cents: 42498 },
  shippingPrice: { cents: 4500 },
  tax: { cents: 0, rateBp: 0, exempt: true },
  total: { cents: 46998 },
  payment: { kind: 'TERMS', label: 'On account (terms)' },
  placedBy: { name: 'Tessa Morales', email: 'insiderep@demo.test', actingFor: 'Gary Lindqvist' },
  statusHistory: [
    { status: 'placed', at: '2026-03-12T15:04:00.000Z', note: null },
    { status: 'processing', at: '2026-03-12T19:00:00.000Z', note: null },
    { status: 'shipped', at: '2026-03-13T14:30:00.000Z', note: 'Left the warehouse.' },
  ],
  carrier: 'UPS',
  trackingNumber: '1ZA7R4630212345675',
};

/** The cart after a reorder: the line that could go back, two of it. */
export const cartAfterReorder: Checkout = {
  token: '22222222-2222-4222-8222-222222222222',
  lines: [],
  quantity: 2,
  subtotal: { cents: 39998 },
  shippingAddress: null,
  billingAddress: null,
  currentShippingMethod: { id: 'b2b-ups-ground', name: 'B2B-UPS Ground', price: { cents: 0 } },
  shippingMethods: [],
  shippingPrice: { cents: 0 },
  tax: { cents: 0, rateBp: 0, exempt: true },
  totalPrice: { cents: 39998, tax: { amount: 0 } },
  poNumber: null,
  payment: null,
  businessPartner: NORTHSIDE,
};
