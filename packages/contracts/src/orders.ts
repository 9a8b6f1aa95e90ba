import { z } from 'zod';
import { addressSchema } from './business-partners.ts';
import { PAYMENT_GATEWAYS } from './payment-methods.ts';
import { MAX_LINE_QUANTITY, ORDERS_DEFAULT_LIMIT } from './constants.ts';

export const ORDER_STATUSES = ['placed', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_PAYMENT_KINDS = [...PAYMENT_GATEWAYS, 'CARD', 'BANK_ACCOUNT'] as const;

const moneySchema = z.object({ cents: z.number().int() });

/** An address as the order keeps it (a copy: later changes to the business's addresses do not move it). */
export const orderAddressSchema = addressSchema.omit({ id: true, businessPartnerAddressType: true });

/** What a line out of stock says, at checkout and on the order (ours, issue 27 §12: backorders are taken). */
export const BACKORDER_NOTE = 'Backordered: ships when back in stock';

export const orderLineSchema = z.object({
  id: z.string(),
  productName: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  /** The price paid, each. */
  unitPrice: moneySchema,
  total: moneySchema,
  /** spec 02 §3 order: variant.product.id. */
  variant: z.object({ product: z.object({ id: z.string().nullable() }) }),
  /** Ours (issue 27 §12): out of stock when ordered; it ships when back in stock. */
  backordered: z.boolean(),
});

/**
 * spec 02 §3 order (lines, variant.product.id, metadata as key/value list, shippingMethodName), with
 * what a dealer reads on it (ours, docs/decisions.md): its number and status, the prices paid, the
 * addresses, the payment, who placed it (the real person, and whom a rep acted for) and its history.
 */
export const orderSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  created: z.string(),
  poNumber: z.string().nullable(),
  businessPartner: z.object({ sapBpCode: z.string(), companyName: z.string() }),
  lines: z.array(orderLineSchema),
  metadata: z.array(z.object({ key: z.string(), value: z.string() })),
  shippingMethodName: z.string(),
  shippingAddress: orderAddressSchema,
  billingAddress: orderAddressSchema.nullable(),
  subtotal: moneySchema,
  shippingPrice: moneySchema,
  tax: z.object({ cents: z.number().int(), rateBp: z.number().int(), exempt: z.boolean() }),
  total: moneySchema,
  payment: z.object({ kind: z.enum(ORDER_PAYMENT_KINDS), label: z.string() }),
  placedBy: z.object({
    name: z.string(),
    email: z.string(),
    /** A sales rep's order: the dealer primary the rep acted as, or null. */
    actingFor: z.string().nullable(),
  }),
  statusHistory: z.array(z.object({ status: z.enum(ORDER_STATUSES), at: z.string(), note: z.string().nullable() })),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** The longest search of the order list (an order or PO number; PO numbers have at most 30 characters). */
export const ORDER_SEARCH_MAX = 40;

/** Texts of My Orders the spec does not give (ours, docs/decisions.md "Orders"). */
export const ORDER_TEXTS = {
  notFound: 'Order not found.',
  /** spec 01 §6: My Orders shows only with purchasing rights. */
  noOrders: 'Orders are for users with purchasing rights. Ask your dealer’s owner to grant them.',
  /** spec 01 §6: a sales rep's My Orders is the selected business's. */
  selectBusiness: 'Select a business to see its orders.',
  invalidCursor: 'This page of orders is no longer valid. Please reload the list.',
  dayFormat: 'Enter a date as YYYY-MM-DD.',
  dayOrder: 'The end date can not be before the start date.',
  first: 'Ask for 1 to 100 orders.',
  search: `Search with at most ${ORDER_SEARCH_MAX} characters.`,
  /** Why reorder left a line out. */
  notSold: 'This product is no longer sold.',
  noPrice: 'This product has no price for your business.',
  lineCap: `Your cart can hold at most ${MAX_LINE_QUANTITY} of one product.`,
} as const;

/** A calendar day (spec 02 §9 format YYYY-MM-DD) that exists; the year 0000 does not (PostgreSQL). */
const orderDaySchema = () =>
  z.iso.date(ORDER_TEXTS.dayFormat).refine((day) => !day.startsWith('0000'), ORDER_TEXTS.dayFormat);

/**
 * POST /api/order-transactions (spec 02 §7 "List endpoints … order-transactions use cursors"; the path is
 * ours): the session's business's orders, newest first, `first` at a time (spec 02 §9: 25 by default)
 * after the cursor `after` (pageInfo.endCursor of the page before). Filters:
 * - status: one of ORDER_STATUSES;
 * - from / to: calendar days in UTC, inclusive: from 00:00:00 of `from` to the end of `to` (spec 02 §9);
 * - search: case-insensitive "contains" on the order number as shown ('SO-100003': 'so-1000', '100003'
 *   and '0003' all find it) and on the PO number.
 */
export const orderListRequestSchema = z
  .object({
    first: z
      .number(ORDER_TEXTS.first)
      .int(ORDER_TEXTS.first)
      .min(1, ORDER_TEXTS.first)
      .max(100, ORDER_TEXTS.first)
      .default(ORDERS_DEFAULT_LIMIT),
    after: z.string().min(1, ORDER_TEXTS.invalidCursor).max(200, ORDER_TEXTS.invalidCursor).nullish(),
    status: z.enum(ORDER_STATUSES).nullish(),
    from: orderDaySchema().nullish(),
    to: orderDaySchema().nullish(),
    search: z.string().trim().max(ORDER_SEARCH_MAX, ORDER_TEXTS.search).nullish(),
  })
  .refine(({ from, to }) => !from || !to || from <= to, { message: ORDER_TEXTS.dayOrder, path: ['to'] });
export type OrderListRequest = z.input<typeof orderListRequestSchema>;
export type OrderListFilter = z.output<typeof orderListRequestSchema>;

/** An order as the list shows it: enough for a row; the detail is POST /api/order-transaction. */
export const orderSummarySchema = orderSchema
  .pick({ id: true, number: true, status: true, created: true, poNumber: true, total: true, shippingMethodName: true })
  .extend({
    /** The number of items: the sum of the line quantities. */
    itemCount: z.number().int(),
    placedBy: orderSchema.shape.placedBy.pick({ name: true, actingFor: true }),
    /** How it was paid, as the dealer reads it ('Visa **** 4242', 'Cash on delivery'). */
    paymentLabel: z.string(),
  });
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** spec 01 §3 connection results: edges[].node, totalCount, pageInfo.hasNextPage and endCursor. */
export const orderConnectionSchema = z.object({
  edges: z.array(z.object({ node: orderSummarySchema, cursor: z.string() })),
  /** The orders that match the filters, on every page. */
  totalCount: z.number().int(),
  pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
});
export type OrderConnection = z.infer<typeof orderConnectionSchema>;

/** POST /api/order-transaction and …/reorder: an order of the session's business, by id. */
export const orderIdRequestSchema = z.object({ id: z.uuid(ORDER_TEXTS.notFound) });

/** Why reorder could not put a line back in the cart. */
export const REORDER_REFUSALS = ['notSold', 'noPrice', 'lineCap'] as const;
export type ReorderRefusal = (typeof REORDER_REFUSALS)[number];

/**
 * What reorder did (with the cart it answers beside it, endpoints/orders.ts): the SKUs put back in the
 * cart, and the lines left out, with why.
 */
export const reorderOutcomeSchema = z.object({
  added: z.array(z.string()),
  notAdded: z.array(
    z.object({ sku: z.string(), name: z.string(), reason: z.enum(REORDER_REFUSALS), detail: z.string() }),
  ),
});
export type ReorderOutcome = z.infer<typeof reorderOutcomeSchema>;

/**
 * GET /api/last-three-order-product-ids (spec 02 §7, §9): the products of the business's last three
 * orders, for the dashboard's "Previously purchased" (8 shown).
 */
export const lastOrderProductIdsSchema = z.object({ productIds: z.array(z.string()) });
export type LastOrderProductIds = z.infer<typeof lastOrderProductIdsSchema>;
