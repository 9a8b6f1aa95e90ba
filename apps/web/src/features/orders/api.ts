import {
  keepPreviousData,
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { OrderConnection, OrderSummary } from '@portal/contracts/orders';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../lib/api.ts';
import { usePriceScope, type PriceScope } from '../catalog/index.ts';
import { orderListRequest, type OrderFilters } from './filters.ts';

/** Everything of My Orders is under this key, per user and business (a business change asks again). */
const ORDERS_KEY = 'orders';

/**
 * POST /api/order-transactions, a page at a time (spec 01 §3 connection results): each page asks after
 * the previous page's endCursor; the filters are part of the key, so other filters start over.
 */
export const orderListQuery = (scope: PriceScope, filters: OrderFilters) =>
  infiniteQueryOptions({
    queryKey: [ORDERS_KEY, scope, 'list', filters],
    queryFn: ({ pageParam, signal }) =>
      call(routes.orders.list, { body: orderListRequest(filters, pageParam), signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null),
    // The list stays on screen while other filters are asked (no empty flash between them).
    placeholderData: keepPreviousData,
  });

/** Every order of a filtered My Orders list, 100 at a time, for the CSV (issue 27 §11). */
export async function fetchAllOrders(
  filters: OrderFilters,
  onProgress: (done: number, total: number) => void,
): Promise<OrderSummary[]> {
  const orders: OrderSummary[] = [];
  let after: string | null = null;
  for (;;) {
    const page: OrderConnection = await call(routes.orders.list, {
      body: { ...orderListRequest(filters, after), first: 100 },
    });
    orders.push(...page.edges.map((edge) => edge.node));
    onProgress(orders.length, page.totalCount);
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor || page.edges.length === 0) return orders;
    after = page.pageInfo.endCursor;
  }
}

/** POST /api/order-transaction: one order; another business's, or none, answers 404 (no retry then). */
export const orderQuery = (scope: PriceScope, id: string) =>
  queryOptions({
    queryKey: [ORDERS_KEY, scope, 'detail', id],
    queryFn: ({ signal }) => call(routes.orders.byId, { body: { id }, signal }),
    retry: false,
  });

/**
 * The open cart's key and answer shape, as the cart feature keeps them (features/cart/api.ts `cartQuery`,
 * which its door does not export): the badge reads it.
 */
const CART_KEY = 'cart';

/**
 * POST /api/order-transaction/reorder: the order's lines back in the cart at today's prices. The answer
 * carries the cart, which becomes the open cart at once (the badge grows), then is asked for again.
 */
export function useReorder() {
  const queryClient = useQueryClient();
  const scope = usePriceScope();
  return useMutation({
    mutationFn: (id: string) => call(routes.orders.reorder, { body: { id } }),
    onSuccess: ({ checkout }) => {
      queryClient.setQueryData([CART_KEY, scope], { token: checkout.token, checkout });
      void queryClient.invalidateQueries({ queryKey: [CART_KEY] });
    },
  });
}
