import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ilike, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Order, OrderStatus } from '@portal/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { partnerRefs } from '../business-partners/index.ts';
import { orderAddressOf, type OrderAddress } from './address.ts';
import { orderNumberOf } from './numbers.ts';
import { orderLines, orderStatusEvents, orders } from './schema.ts';

export interface NewOrder {
  businessPartnerId: string;
  checkoutId: string;
  placedBy: { userId: string; name: string; email: string };
  actingForName: string | null;
  poNumber: string | null;
  shippingAddress: OrderAddress;
  billingAddress: OrderAddress | null;
  shippingMethod: { id: string; name: string };
  subtotalCents: number;
  shippingCents: number;
  tax: { cents: number; rateBp: number; exempt: boolean };
  totalCents: number;
  payment: {
    kind: 'COD' | 'TERMS' | 'CARD' | 'BANK_ACCOUNT';
    label: string;
    paymentMethodId: string | null;
    chargeId: string | null;
  };
  lines: {
    productId: string;
    sku: string;
    name: string;
    quantity: number;
    unitPriceCents: number;
    /** Out of stock when ordered (absent: in stock). */
    backordered?: boolean;
  }[];
  metadata: { key: string; value: string }[];
  /** When it was placed; now when absent (the demo seed and tests place orders in the past). */
  createdAt?: Date;
  /** The id to write it under (checkout completion claims its try with it first); else a new one. */
  id?: string;
}

/** Writes an order with its lines and its first status, in the caller's transaction; answers its id. */
export async function insertOrder(tx: Tx, order: NewOrder): Promise<string> {
  return (await writeOrder(tx, order)).row.id;
}

/**
 * Writes an order (as insertOrder) and answers it in its wire shape from what was written, without reading
 * it back: checkout completion answers with it (issue 18, the bench's 20 buyers at once).
 */
export async function placeOrder(
  tx: Tx,
  order: NewOrder,
  partner: { sapBpCode: string; companyName: string },
): Promise<Order> {
  const { row, lines } = await writeOrder(tx, order);
  const created = row.createdAt.toISOString();
  return {
    id: row.id,
    number: orderNumberOf(row.number),
    status: 'placed',
    created,
    poNumber: order.poNumber,
    businessPartner: partner,
    lines: lines.map(wireLineOf),
    metadata: order.metadata,
    shippingMethodName: order.shippingMethod.name,
    shippingAddress: orderAddressOf(order.shippingAddress),
    billingAddress: order.billingAddress ? orderAddressOf(order.billingAddress) : null,
    subtotal: { cents: order.subtotalCents },
    shippingPrice: { cents: order.shippingCents },
    tax: order.tax,
    total: { cents: order.totalCents },
    payment: { kind: order.payment.kind, label: order.payment.label },
    placedBy: { name: order.placedBy.name, email: order.placedBy.email, actingFor: order.actingForName },
    statusHistory: [{ status: 'placed', at: created, note: null }],
    carrier: null,
    trackingNumber: null,
  };
}

/**
 * The order, its lines and its first status in one statement (one round trip: checkout completion writes
 * it with twenty buyers at once, bench/checkout.mjs). The foreign keys hold: PostgreSQL checks them at the
 * statement's end, when the order is there.
 */
async function writeOrder(tx: Tx, order: NewOrder) {
  const id = order.id ?? randomUUID();
  const at = order.createdAt?.toISOString() ?? null;
  const lines = order.lines.map((line, position) => ({
    product_id: line.productId,
    sku: line.sku,
    product_name: line.name,
    quantity: line.quantity,
    unit_price_cents: line.unitPriceCents,
    total_cents: line.unitPriceCents * line.quantity,
    position,
    backordered: line.backordered ?? false,
  }));
  const result = (await tx.execute(sql`
    with o as (
      insert into ${orders} (id, business_partner_id, checkout_id, placed_by_user_id, placed_by_name,
        placed_by_email, acting_for_name, po_number, shipping_address, billing_address, shipping_method_id,
        shipping_method_name, subtotal_cents, shipping_cents, tax_cents, tax_rate_bp, tax_exempt, total_cents,
        payment_kind, payment_label, payment_method_id, processor_charge_id, metadata, created_at, updated_at)
      values (${id}, ${order.businessPartnerId}, ${order.checkoutId}, ${order.placedBy.userId},
        ${order.placedBy.name}, ${order.placedBy.email}, ${order.actingForName}, ${order.poNumber},
        ${JSON.stringify(order.shippingAddress)}::jsonb, ${order.billingAddress ? JSON.stringify(order.billingAddress) : null}::jsonb,
        ${order.shippingMethod.id}, ${order.shippingMethod.name}, ${order.subtotalCents}, ${order.shippingCents},
        ${order.tax.cents}, ${order.tax.rateBp}, ${order.tax.exempt}, ${order.totalCents}, ${order.payment.kind},
        ${order.payment.label}, ${order.payment.paymentMethodId}, ${order.payment.chargeId},
        ${JSON.stringify(order.metadata)}::jsonb, coalesce(${at}::timestamptz, now()), coalesce(${at}::timestamptz, now()))
      returning number, created_at
    ), l as (
      insert into ${orderLines} (order_id, product_id, sku, product_name, quantity, unit_price_cents, total_cents, position,
        backordered)
      select ${id}, x.product_id, x.sku, x.product_name, x.quantity, x.unit_price_cents, x.total_cents, x.position,
        x.backordered
      from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(product_id uuid, sku text, product_name text,
        quantity integer, unit_price_cents bigint, total_cents bigint, position integer, backordered boolean)
      returning id, position
    ), e as (
      insert into ${orderStatusEvents} (order_id, status, by_user_id, at)
      values (${id}, 'placed', ${order.placedBy.userId}, coalesce(${at}::timestamptz, now()))
    )
    select json_build_object('number', o.number, 'createdAt', o.created_at,
      'lineIds', (select json_agg(l.id order by l.position) from l)) as written
    from o
  `)) as { rows: { written: { number: number; createdAt: string; lineIds: string[] | null } }[] };
  const written = result.rows[0]!.written;
  return {
    row: { id, number: Number(written.number), createdAt: new Date(written.createdAt) },
    lines: order.lines.map((line, position) => ({
      id: written.lineIds![position]!,
      productId: line.productId,
      sku: line.sku,
      productName: line.name,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: line.unitPriceCents * line.quantity,
      position,
      backordered: line.backordered ?? false,
    })),
  };
}

/** A line as the order answers it (spec 02 §3 order lines). */
const wireLineOf = (line: Omit<typeof orderLines.$inferSelect, 'orderId' | 'position'>): Order['lines'][number] => ({
  id: line.id,
  productName: line.productName,
  sku: line.sku,
  quantity: line.quantity,
  unitPrice: { cents: line.unitPriceCents },
  total: { cents: line.totalCents },
  variant: { product: { id: line.productId } },
  backordered: line.backordered,
});

/** One order of a business in its wire shape, or null (another business's order is not found). */
export async function orderOf(db: Db | Tx, businessPartnerId: string, orderId: string): Promise<Order | null> {
  const partner = partnerRefs();
  const [row] = await db
    .select({ order: orders, sapBpCode: partner.sapBpCode, companyName: partner.companyName })
    .from(orders)
    .innerJoin(partner, eq(partner.id, orders.businessPartnerId))
    .where(and(eq(orders.id, orderId), eq(orders.businessPartnerId, businessPartnerId)));
  if (!row) return null;
  // One after the other: a transaction's connection runs one query at a time.
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const events = await db
    .select()
    .from(orderStatusEvents)
    .where(eq(orderStatusEvents.orderId, orderId))
    .orderBy(asc(orderStatusEvents.at));
  const o = row.order;
  return {
    id: o.id,
    number: orderNumberOf(o.number),
    status: o.status as OrderStatus,
    created: o.createdAt.toISOString(),
    poNumber: o.poNumber,
    businessPartner: { sapBpCode: row.sapBpCode, companyName: row.companyName },
    lines: lines.map(wireLineOf),
    metadata: o.metadata,
    shippingMethodName: o.shippingMethodName,
    shippingAddress: orderAddressOf(o.shippingAddress),
    billingAddress: o.billingAddress ? orderAddressOf(o.billingAddress) : null,
    subtotal: { cents: o.subtotalCents },
    shippingPrice: { cents: o.shippingCents },
    tax: { cents: o.taxCents, rateBp: o.taxRateBp, exempt: o.taxExempt },
    total: { cents: o.totalCents },
    payment: { kind: o.paymentKind as Order['payment']['kind'], label: o.paymentLabel },
    placedBy: { name: o.placedByName, email: o.placedByEmail, actingFor: o.actingForName },
    statusHistory: events.map((event) => ({
      status: event.status as OrderStatus,
      at: event.at.toISOString(),
      note: event.note,
    })),
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
  };
}

/**
 * Moves an order to a status, in the caller's transaction, and records it in the order's history (with
 * the carrier and tracking number a shipment brings). `at` is now when absent.
 */
export async function recordOrderStatus(
  tx: Tx,
  orderId: string,
  change: {
    status: OrderStatus;
    byUserId: string | null;
    note?: string | null;
    at?: Date;
    shipment?: { carrier: string; trackingNumber: string };
  },
) {
  const at = change.at ?? new Date();
  await tx
    .update(orders)
    .set({
      status: change.status,
      updatedAt: at,
      ...(change.shipment && { carrier: change.shipment.carrier, trackingNumber: change.shipment.trackingNumber }),
    })
    .where(eq(orders.id, orderId));
  await tx
    .insert(orderStatusEvents)
    .values({ orderId, status: change.status, note: change.note ?? null, at, byUserId: change.byUserId });
}

/** Where a page of the order list starts: after the order with this created_at (microseconds, UTC) and id. */
export interface OrderKey {
  /** created_at as `2026-03-05T12:34:56.123456Z`: all of PostgreSQL's precision, so no order is skipped. */
  created: string;
  id: string;
}

export interface OrderListQuery {
  status?: OrderStatus | null;
  /** Calendar days (YYYY-MM-DD), UTC, both inclusive. */
  fromDay?: string | null;
  toDay?: string | null;
  search?: string | null;
}

/** `%text%` for LIKE, its own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filters of the order list of a business (one set for the page and its count). */
function listConditions(businessPartnerId: string, query: OrderListQuery): SQL | undefined {
  const search = query.search?.trim();
  return and(
    eq(orders.businessPartnerId, businessPartnerId),
    query.status ? eq(orders.status, query.status) : undefined,
    // spec 02 §9: days are UTC, from the start of the first to the end of the last.
    query.fromDay ? sql`${orders.createdAt} >= (${query.fromDay}::date)::timestamp at time zone 'UTC'` : undefined,
    query.toDay ? sql`${orders.createdAt} < (${query.toDay}::date + 1)::timestamp at time zone 'UTC'` : undefined,
    search
      ? or(
          sql`('SO-' || ${orders.number}::text) ilike ${containing(search)}`,
          ilike(orders.poNumber, containing(search)),
        )
      : undefined,
  );
}

/**
 * Newest first: created_at desc, then id desc, NULLS LAST as the index orders_business_created has them
 * (drizzle-kit writes `.desc()` as DESC NULLS LAST; a plain DESC means NULLS FIRST, and PostgreSQL would
 * then sort every order of the business instead of reading the index in order). Both columns are never null.
 */
const newestFirst = [sql`${orders.createdAt} desc nulls last`, sql`${orders.id} desc nulls last`];

/**
 * The query of one page of a business's orders, newest first, `limit` of them after `after`: it walks the
 * index orders_business_created (business, created_at desc, id desc) from the cursor, whatever the number
 * of orders. Apart from listOrdersOfBusiness so a test can read its plan.
 */
export function orderPageQuery(
  db: Db,
  businessPartnerId: string,
  query: OrderListQuery,
  page: { limit: number; after: OrderKey | null },
) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      createdAt: orders.createdAt,
      key: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      poNumber: orders.poNumber,
      totalCents: orders.totalCents,
      shippingMethodName: orders.shippingMethodName,
      placedByName: orders.placedByName,
      actingForName: orders.actingForName,
      paymentLabel: orders.paymentLabel,
      // Spelled out: drizzle leaves a column of a one-table select unqualified, which the subquery would take as its own.
      itemCount: sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_lines l where l.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(
      and(
        listConditions(businessPartnerId, query),
        page.after
          ? sql`(${orders.createdAt}, ${orders.id}) < (${page.after.created}::timestamptz, ${page.after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .limit(page.limit);
}

/**
 * A page of a business's orders (orderPageQuery) and how many match the filters in all (the business's
 * entries of the same index, or fewer: at 10,000 orders a few milliseconds).
 */
export async function listOrdersOfBusiness(
  db: Db,
  businessPartnerId: string,
  query: OrderListQuery,
  page: { limit: number; after: OrderKey | null },
) {
  const [rows, [count]] = await Promise.all([
    orderPageQuery(db, businessPartnerId, query, page),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(listConditions(businessPartnerId, query)),
  ]);
  return { rows, totalCount: count!.n };
}

/**
 * The products of a business's last `orders` orders that were not cancelled, newest order first and in
 * line order within one, each product once; lines of products since deleted are left out.
 */
export async function productIdsOfLastOrders(db: Db, businessPartnerId: string, count: number) {
  const last = db
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.businessPartnerId, businessPartnerId), ne(orders.status, 'cancelled')))
    .orderBy(...newestFirst)
    .limit(count)
    .as('last_orders');
  const rows = await db
    .select({ productId: orderLines.productId })
    .from(orderLines)
    .innerJoin(last, eq(last.id, orderLines.orderId))
    .where(isNotNull(orderLines.productId))
    .orderBy(desc(last.createdAt), desc(last.id), asc(orderLines.position));
  return [...new Set(rows.map((row) => row.productId!))];
}
