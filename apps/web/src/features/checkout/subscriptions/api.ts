import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Purchase, PurchaseLineItem } from '@portal/contracts';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../../lib/api.ts';
import { usePriceScope } from '../../catalog/index.ts';
import { openCartQuery } from '../api.ts';

/** The subscription checkout's calls (issue 30 item 3). */
const subscriptionRoutes = routes.subscriptions;

/** What a purchase line is told apart by: the device, the plan and the term (the cart line's fields). */
export type LineItem = Pick<PurchaseLineItem, 'device_key' | 'plan_id' | 'newPricingPlan'>;

/**
 * The mock run (validate=true): the totals and the quote of these lines, nothing charged or changed. A query (it
 * has no effect), keyed by the lines, so a change of the lines asks again and the same lines are asked once.
 */
export const quoteQuery = (scope: unknown, lines: LineItem[]) =>
  queryOptions({
    queryKey: ['subscriptions', 'quote', scope, lines],
    queryFn: ({ signal }) => call(subscriptionRoutes.purchase, { body: { line_items: lines, validate: true }, signal }),
    // A quote is as good as its prices: asked again on each visit, never kept for another.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** One try to pay: the lines, the quote they were shown at, the method, and the Idempotency-Key it goes under. */
export interface PayAttempt {
  line_items: LineItem[];
  quote: string;
  payment_method_id: string;
  key: string;
}

/** The real run. Not retried by itself: a retry is the person's (Pay again), under the attempt's own key. */
export function usePayForPlans() {
  return useMutation({
    mutationFn: ({ key, ...body }: PayAttempt): Promise<Purchase> =>
      call(subscriptionRoutes.purchase, { body, headers: { 'Idempotency-Key': key } }),
  });
}

/** GET /api/payments/{uuid}: the receipt of a plan purchase of the business. */
export const receiptQuery = (uuid: string) =>
  queryOptions({
    queryKey: ['subscriptions', 'receipt', uuid],
    queryFn: ({ signal }) => call(subscriptionRoutes.receipt, { params: { uuid }, signal }),
    staleTime: Infinity,
  });

/** The plans paid are out of the cart (the server took them out): the cart is asked for again, the badge follows. */
export function useRefreshCartAfterPurchase() {
  const queryClient = useQueryClient();
  const scope = usePriceScope();
  return () => queryClient.invalidateQueries({ queryKey: openCartQuery(scope).queryKey });
}
