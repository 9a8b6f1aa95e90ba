import {
  planSalesQuerySchema,
  planSalesSchema,
  purchaseParamsSchema,
  purchaseRequestSchema,
  purchaseSchema,
} from '../subscriptions.ts';
import { endpoint } from './endpoint.ts';

const tags = ['subscriptions'];

/** Buying plans for devices (spec 02 §7 "Plans and payments", issue 30 item 3). Login required. */
export const subscriptions = {
  purchase: endpoint({
    method: 'POST',
    path: '/api/payments',
    body: purchaseRequestSchema,
    response: purchaseSchema,
    summary:
      'Buys plans for devices: validate=true is a mock run that answers the totals and a quote (nothing charged or changed); the real run (Idempotency-Key header, the quote, a payment method) charges once and puts the plans on the devices',
    tags,
  }),
  receipt: endpoint({
    method: 'GET',
    path: '/api/payments/:uuid',
    params: purchaseParamsSchema,
    response: purchaseSchema,
    summary: 'The receipt of a plan purchase of the caller’s business',
    tags,
  }),
  sales: endpoint({
    method: 'GET',
    path: '/api/plan-sales',
    query: planSalesQuerySchema,
    response: planSalesSchema,
    summary:
      'The business’s plan purchases (transaction_id, final_charge, subtotal, sales_tax), newest first, between two days (UTC)',
    tags,
  }),
};
