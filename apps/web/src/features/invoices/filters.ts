import { z } from 'zod';
import {
  BILLING_TEXTS,
  INVOICE_SORTS,
  INVOICE_STATUSES,
  type CreditMemoListRequest,
  type InvoiceListRequest,
  type InvoiceStatus,
} from '@portal/contracts/billing';
import { TABLE_PAGE_SIZE, TABLE_PAGE_SIZES } from '@portal/contracts/constants';
import { dayRangeOf } from '../../components/dayRange.ts';

/** The most a search may hold (contracts/billing.ts `search`: 40 characters). */
export const SEARCH_MAX = 40;

/** 'unpaid' is open and past due together (the request's `unpaid`): what is still owed. */
export type StatusFilter = InvoiceStatus | 'unpaid';
export const STATUS_FILTERS: readonly StatusFilter[] = ['unpaid', ...INVOICE_STATUSES];
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
export type Direction = 'asc' | 'desc';

/** What both lists are filtered by: days (YYYY-MM-DD, inclusive, sent as UTC days) and a number. */
interface DayAndNumberFilters {
  from: string | null;
  to: string | null;
  search: string;
  /** Rows a table page shows (spec 01 §9, spec 02 §9: 10, 30, 60 or 100). */
  size: number;
}

/**
 * The invoice list's view; it lives in the address (status, from, to, q, sort, dir, size), so reload,
 * back and forward keep it.
 */
export interface InvoiceFilters extends DayAndNumberFilters {
  status: StatusFilter | null;
  sort: InvoiceSort;
  direction: Direction;
}

export interface CreditMemoFilters extends DayAndNumberFilters {
  openOnly: boolean;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;

/** Reads what both lists share; anything malformed is left out rather than sent (the server would refuse it). */
function parseShared(params: URLSearchParams): DayAndNumberFilters {
  const size = Number(params.get('size'));
  return {
    ...dayRangeOf(params),
    search: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    size: (TABLE_PAGE_SIZES as readonly number[]).includes(size) ? size : TABLE_PAGE_SIZE,
  };
}

function sharedParams(filters: DayAndNumberFilters, params: URLSearchParams) {
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.search) params.set('q', filters.search);
  if (filters.size !== TABLE_PAGE_SIZE) params.set('size', String(filters.size));
}

export const parseInvoiceFilters = (params: URLSearchParams): InvoiceFilters => ({
  ...parseShared(params),
  status: oneOf(STATUS_FILTERS, params.get('status')),
  sort: oneOf(INVOICE_SORTS, params.get('sort')) ?? 'create_date',
  direction: oneOf(['asc', 'desc'] as const, params.get('dir')) ?? 'desc',
});

/** The address of a view; the defaults are left out, so a plain /invoice stays short. */
export function invoiceFilterParams(filters: InvoiceFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  sharedParams(filters, params);
  if (filters.sort !== 'create_date') params.set('sort', filters.sort);
  if (filters.direction !== 'desc') params.set('dir', filters.direction);
  return params;
}

export const parseCreditMemoFilters = (params: URLSearchParams): CreditMemoFilters => ({
  ...parseShared(params),
  openOnly: params.get('open') === '1',
});

export function creditMemoFilterParams(filters: CreditMemoFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.openOnly) params.set('open', '1');
  sharedParams(filters, params);
  return params;
}

export const hasFilters = (filters: {
  status?: unknown;
  openOnly?: boolean;
  from: unknown;
  to: unknown;
  search: string;
}) => Boolean(filters.status || filters.openOnly || filters.from || filters.to || filters.search);

/** What POST /api/invoices is asked, without the page: set filters only, the sort always. */
export function invoiceListFilter(filters: InvoiceFilters): Omit<InvoiceListRequest, 'first' | 'after'> {
  return {
    ...(filters.status === 'unpaid' ? { unpaid: true } : filters.status ? { status: filters.status } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.search ? { search: filters.search } : {}),
    sort: filters.sort,
    direction: filters.direction,
  };
}

export function creditMemoListFilter(filters: CreditMemoFilters): Omit<CreditMemoListRequest, 'first' | 'after'> {
  return {
    ...(filters.openOnly ? { open: true } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.search ? { search: filters.search } : {}),
  };
}

const dayFields = {
  from: z.union([z.literal(''), z.iso.date(BILLING_TEXTS.dayFormat)]),
  to: z.union([z.literal(''), z.iso.date(BILLING_TEXTS.dayFormat)]),
  search: z.string().trim().max(SEARCH_MAX, BILLING_TEXTS.search),
};
const dayOrder = { message: BILLING_TEXTS.dayOrder, path: ['to'] };
const inOrder = ({ from, to }: { from: string; to: string }) => !from || !to || from <= to;

/** The filter forms: what a person types, checked with the server's own words (contracts/billing.ts). */
export const filterFormSchema = z
  .object({
    ...dayFields,
    status: z.union([z.literal(''), z.enum(STATUS_FILTERS as [StatusFilter, ...StatusFilter[]])]),
    openOnly: z.boolean(),
  })
  .refine(inOrder, dayOrder);
export type FilterFormValues = z.input<typeof filterFormSchema>;
export type CheckedFilterForm = z.output<typeof filterFormSchema>;

/** The days and number the form sets (an empty day is none), and none of them (Clear filters). */
export const dayAndNumberOf = (values: CheckedFilterForm) => ({
  from: values.from || null,
  to: values.to || null,
  search: values.search,
});
export const NO_DAY_OR_NUMBER = { from: null, to: null, search: '' };

export const invoiceFormValues = (filters: InvoiceFilters): FilterFormValues => ({
  status: filters.status ?? '',
  openOnly: false,
  from: filters.from ?? '',
  to: filters.to ?? '',
  search: filters.search,
});

export const creditMemoFormValues = (filters: CreditMemoFilters): FilterFormValues => ({
  status: '',
  openOnly: filters.openOnly,
  from: filters.from ?? '',
  to: filters.to ?? '',
  search: filters.search,
});
