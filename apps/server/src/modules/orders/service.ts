import {
  MAX_LINE_QUANTITY,
  ORDER_TEXTS,
  PREVIOUS_PURCHASES_SHOWN,
  can,
  isSalesRep,
  type Checkout,
  type LastOrderProductIds,
  type Order,
  type OrderConnection,
  type OrderListFilter,
  type OrderStatus,
  type ReorderOutcome,
  type ReorderRefusal,
} from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { refuse } from '../../refusal.ts';
import { viewerOf } from '../../plugins/actor.ts';
import type { Actor } from '../../actor.ts';
import { forSaleInChannel, productsByIds } from '../catalog/index.ts';
import type { Tx } from '../../db/client.ts';
import { orderNumberOf } from './numbers.ts';
import * as repo from './repo.ts';

type Business = NonNullable<Actor['business']>;

/**
 * What reorder needs of the cart: the buyer's open cart, and adding lines to it (opening it when there
 * is none). app.ts passes the cart service in: the cart stays the only writer of carts.
 */
export interface CartForReorder {
  last(actor: Actor): Promise<{ checkout: { lines: { quantity: number; product: { id: string } }[] } | null }>;
  create(actor: Actor, lines: { variantId: string; quantity: number }[]): Promise<Checkout>;
}

/** spec 01 §6: why My Orders is closed to someone (the 403's detail). */
export const ordersDenied = (actor: Actor) =>
  isSalesRep(actor.user) && !actor.business ? ORDER_TEXTS.selectBusiness : ORDER_TEXTS.noOrders;

/** A keyset cursor: base64url of the created_at (to the microsecond, UTC) and id of a page's last order. */
const encodeCursor = (key: repo.OrderKey) => Buffer.from(JSON.stringify([key.created, key.id])).toString('base64url');

const CURSOR_CREATED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cursor a client sent back; 400 when it is not one this service made (it goes into SQL as values). */
function decodeCursor(raw: string): repo.OrderKey {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [created, id] = parsed as unknown[];
      if (
        typeof created === 'string' &&
        typeof id === 'string' &&
        CURSOR_CREATED.test(created) &&
        UUID.test(id) &&
        created >= '1970' &&
        // A real instant: no 2026-02-31 or 25:00 (the database would refuse it).
        new Date(created).toISOString().slice(0, 23) === created.slice(0, 23)
      )
        return { created, id };
    }
  } catch {
    /* falls through */
  }
  throw refuse.invalid(ORDER_TEXTS.invalidCursor);
}

/** Orders of the session's business (spec 02 §3 Order, §7, §9): My Orders, its detail, reorder, the dashboard's. */
export function createOrderService(ctx: AppContext, cart: CartForReorder) {
  /**
   * The business whose orders these are: the session's (a rep's selected one), never one the browser
   * names. Routes let only My Orders' users through (spec 01 §6), who all have one; this is the last word.
   */
  function businessOf(actor: Actor): Business {
    if (!actor.business) throw refuse.invalid(ORDER_TEXTS.selectBusiness);
    return actor.business;
  }

  /** POST order-transactions: a page of the business's orders, newest first, with the count of all that match. */
  async function list(actor: Actor, input: OrderListFilter): Promise<OrderConnection> {
    const business = businessOf(actor);
    const after = input.after ? decodeCursor(input.after) : null;
    const { rows, totalCount } = await repo.listOrdersOfBusiness(
      ctx.db,
      business.id,
      { status: input.status, fromDay: input.from, toDay: input.to, search: input.search },
      // One more than the page says whether there is a next one.
      { limit: input.first + 1, after },
    );
    const page = rows.slice(0, input.first);
    const edges = page.map((row) => ({
      cursor: encodeCursor({ created: row.key, id: row.id }),
      node: {
        id: row.id,
        number: orderNumberOf(row.number),
        status: row.status as OrderStatus,
        created: row.createdAt.toISOString(),
        poNumber: row.poNumber,
        total: { cents: row.totalCents },
        itemCount: row.itemCount,
        placedBy: { name: row.placedByName, actingFor: row.actingForName },
        paymentLabel: row.paymentLabel,
        shippingMethodName: row.shippingMethodName,
      },
    }));
    return {
      edges,
      totalCount,
      pageInfo: { hasNextPage: rows.length > input.first, endCursor: edges.at(-1)?.cursor ?? null },
    };
  }

  /** POST order-transaction: one order; another business's answers as one that does not exist. */
  async function byId(actor: Actor, id: string): Promise<Order> {
    const order = await repo.orderOf(ctx.db, businessOf(actor).id, id);
    if (!order) throw refuse.notFound(ORDER_TEXTS.notFound);
    return order;
  }

  /**
   * Puts an order's lines back in the buyer's open cart, at today's prices (the cart prices its lines
   * itself). A line is left out, with why, when its product is gone or no longer for sale, has no price
   * in the business's channel, or would take its cart line past MAX_LINE_QUANTITY; the others go in, in
   * one addition. A brand the business is not approved for is no refusal: the cart sells it at the list
   * price, as the catalog shows it (spec 01 §6).
   */
  async function reorder(actor: Actor, id: string): Promise<ReorderOutcome & { checkout: Checkout }> {
    const order = await byId(actor, id);
    const notAdded: ReorderOutcome['notAdded'] = [];
    const refuse = (line: { sku: string; name: string }, reason: ReorderRefusal) =>
      notAdded.push({ sku: line.sku, name: line.name, reason, detail: ORDER_TEXTS[reason] });

    // One cart line per product: an order's lines of one product go back as one.
    const wanted = new Map<string, { sku: string; name: string; quantity: number }>();
    for (const line of order.lines) {
      const productId = line.variant.product.id;
      if (!productId) {
        refuse({ sku: line.sku, name: line.productName }, 'notSold');
        continue;
      }
      const held = wanted.get(productId);
      if (held) held.quantity += line.quantity;
      else wanted.set(productId, { sku: line.sku, name: line.productName, quantity: line.quantity });
    }

    const ids = [...wanted.keys()];
    const [forSale, products, open] = await Promise.all([
      ids.length
        ? ctx.db.transaction((tx) => forSaleInChannel(tx, ids, actor.channelSlug))
        : Promise.resolve(new Map<string, boolean>()),
      ids.length ? productsByIds(ctx.db, actor, ids) : Promise.resolve([]),
      cart.last(actor),
    ]);
    const productById = new Map(products.map((product) => [product.id, product]));
    const inCart = new Map((open.checkout?.lines ?? []).map((line) => [line.product.id, line.quantity]));

    const adds: { variantId: string; quantity: number }[] = [];
    const added: string[] = [];
    for (const [productId, line] of wanted) {
      const product = productById.get(productId);
      // Today's SKU and name when the product still has them.
      const shown = product ? { sku: product.sku, name: product.name } : line;
      const sellable = forSale.get(productId);
      if (sellable === undefined) refuse(shown, 'notSold');
      // forSaleInChannel's rule (the cart's): for sale, and priced in the channel. Which one failed says why.
      else if (!sellable) refuse(shown, product ? 'notSold' : 'noPrice');
      else if ((inCart.get(productId) ?? 0) + line.quantity > MAX_LINE_QUANTITY) refuse(shown, 'lineCap');
      else {
        adds.push({ variantId: productId, quantity: line.quantity });
        added.push(shown.sku);
      }
    }
    const checkout = await cart.create(actor, adds);
    return { checkout, added, notAdded };
  }

  /**
   * GET last-three-order-product-ids (spec 02 §7, §9): the dashboard's "Previously purchased" — the
   * products of the business's last three orders that were not cancelled (a cancelled order bought
   * nothing), newest order first, each product once, at most PREVIOUS_PURCHASES_SHOWN (8). The dashboard
   * asks for everyone signed in: whoever may not see My Orders (spec 01 §6), or has no business, has none.
   */
  async function lastProductIds(actor: Actor): Promise<LastOrderProductIds> {
    if (!actor.business || !can(viewerOf(actor), 'myOrders')) return { productIds: [] };
    const ids = await repo.productIdsOfLastOrders(ctx.db, actor.business.id, 3);
    return { productIds: ids.slice(0, PREVIOUS_PURCHASES_SHOWN) };
  }

  return { list, byId, reorder, lastProductIds };
}
export type OrderService = ReturnType<typeof createOrderService>;

// ---- Writes other modules make in their own transaction -------------------------------------------

export type { NewOrder } from './repo.ts';

/**
 * Writes an order with its lines and its first status and answers it in its wire shape from what was
 * written, without reading it back: checkout completion does it in its deciding transaction (issue 18).
 */
export function placeOrder(
  tx: Tx,
  order: repo.NewOrder,
  partner: { sapBpCode: string; companyName: string },
): Promise<Order> {
  return repo.placeOrder(tx, order, partner);
}

/** Writes an order with its lines and its first status, in the caller's transaction; answers its id (the demo seed). */
export function insertOrder(tx: Tx, order: repo.NewOrder): Promise<string> {
  return repo.insertOrder(tx, order);
}

/**
 * Moves an order to a status in the caller's transaction and records it in the order's history, with the
 * carrier and tracking number a shipment brings (the demo seed; shipping updates to come).
 */
export function recordOrderStatus(
  tx: Tx,
  orderId: string,
  change: Parameters<typeof repo.recordOrderStatus>[2],
): Promise<void> {
  return repo.recordOrderStatus(tx, orderId, change);
}
