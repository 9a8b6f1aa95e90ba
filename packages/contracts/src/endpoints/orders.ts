import { checkoutSchema } from '../cart.ts';
import {
  lastOrderProductIdsSchema,
  orderConnectionSchema,
  orderIdRequestSchema,
  orderListRequestSchema,
  orderSchema,
  reorderOutcomeSchema,
} from '../orders.ts';
import { endpoint } from './endpoint.ts';

const tags = ['orders'];

/**
 * Reorder's answer: what it did, and the cart as the cart's calls answer it. Made here, where both
 * schemas meet: cart.ts already reads orders.ts (completion answers the order).
 */
const reorderResponseSchema = reorderOutcomeSchema.extend({ checkout: checkoutSchema });

/** My Orders: the session's business's orders (spec 02 §3 Order, §7 "Invoices, credit memos, orders", §9). */
export const orders = {
  list: endpoint({
    method: 'POST',
    path: '/api/order-transactions',
    body: orderListRequestSchema,
    response: orderConnectionSchema,
    readOnly: true,
    summary:
      'The session’s business’s orders, newest first, a page at a time (cursor), by status, UTC days and order or PO number',
    tags,
  }),
  byId: endpoint({
    method: 'POST',
    path: '/api/order-transaction',
    body: orderIdRequestSchema,
    response: orderSchema,
    readOnly: true,
    summary: 'One order of the session’s business, with its lines, payment and status history',
    tags,
  }),
  reorder: endpoint({
    method: 'POST',
    path: '/api/order-transaction/reorder',
    body: orderIdRequestSchema,
    response: reorderResponseSchema,
    summary: 'Put an order’s lines back in the cart at today’s prices, saying which could not be added and why',
    tags,
  }),
  lastThreeProductIds: endpoint({
    method: 'GET',
    path: '/api/last-three-order-product-ids',
    response: lastOrderProductIdsSchema,
    summary: 'The products of the business’s last three orders, newest first (none without My Orders)',
    tags,
  }),
};
