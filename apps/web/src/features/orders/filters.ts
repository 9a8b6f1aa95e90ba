import { z } from 'zod';
import { ORDERS_DEFAULT_LIMIT } from '@portal/contracts/constants';
import {
  ORDER_SEARCH_MAX,
  ORDER_STATUSES,
  ORDER_TEXTS,
  type OrderListRequest,
  type OrderStatus,
} from '@portal/contracts/orders';
import { dayRangeOf } from '../../components/dayRange.ts';

/** What My Orders is filtered by; it lives in the address (status, from, to, q), so reload and back keep it. */
export interface OrderFilters {
  status: OrderStatus | null;
  /** Calendar days YYYY-MM-DD, inclusive (spec 02 §9: sent as UTC days, start of `from` to end of `to`). */
  from: string | null;
  to: string | null;
  /** An order number or a PO number, or part of one. */
  search: string;
}

export const NO_FILTERS: OrderFilters = { status: null, from: null, to: null, search: '' };

const isStatus = (value: string | null): value is OrderStatus =>
  value !== null && (ORDER_STATUSES as readonly string[]).includes(value);

/** Reads the address; anything malformed is left out rather than sent (the server would refuse it). */
export function parseOrderFilters(params: URLSearchParams): OrderFilters {
  const status = params.get('status');
  return {
    status: isStatus(status) ? status : null,
    ...dayRangeOf(params),
    search: (params.get('q') ?? '').trim().slice(0, ORDER_SEARCH_MAX),
  };
}

/** The address's query of these filters; none set gives an empty one, so /my-orders stays short. */
export function orderFilterParams(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.search) params.set('q', filters.search);
  return params;
}

export const hasFilters = (filters: OrderFilters) =>
  Boolean(filters.status || filters.from || filters.to || filters.search);

/** The body of POST /api/order-transactions for a page: set filters only, 25 at a time (spec 02 §9). */
export function orderListRequest(filters: OrderFilters, after: string | null): OrderListRequest {
  return {
    first: ORDERS_DEFAULT_LIMIT,
    ...(after ? { after } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.search ? { search: filters.search } : {}),
  };
}

/** The filter form: what a person types, checked with the server's own words (contracts/orders.ts). */
export const filterFormSchema = z
  .object({
    status: z.union([z.literal(''), z.enum(ORDER_STATUSES)]),
    from: z.union([z.literal(''), z.iso.date(ORDER_TEXTS.dayFormat)]),
    to: z.union([z.literal(''), z.iso.date(ORDER_TEXTS.dayFormat)]),
    search: z.string().trim().max(ORDER_SEARCH_MAX, ORDER_TEXTS.search),
  })
  .refine(({ from, to }) => !from || !to || from <= to, { message: ORDER_TEXTS.dayOrder, path: ['to'] });
export type FilterFormValues = z.input<typeof filterFormSchema>;
export type CheckedFilterForm = z.output<typeof filterFormSchema>;

export const formValuesOf = (filters: OrderFilters): FilterFormValues => ({
  status: filters.status ?? '',
  from: filters.from ?? '',
  to: filters.to ?? '',
  search: filters.search,
});

export const filtersOf = (values: CheckedFilterForm): OrderFilters => ({
  status: values.status || null,
  from: values.from || null,
  to: values.to || null,
  search: values.search,
});
