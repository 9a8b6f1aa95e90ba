import { signedIn } from '../../plugins/actor.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  CART_TEXTS,
  MAX_LINE_QUANTITY,
  canPurchase,
  messages,
  roleLabel,
  type AddLinesRequest,
  type Checkout,
  type LastCheckout,
  type UpdateLinesRequest,
} from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { AuthService } from '../auth/service.ts';
import type { Actor as Acting } from '../acting/index.ts';
import { productPrices, products } from '../catalog/schema.ts';
import { users } from '../users/schema.ts';
import { pricingForRequest, productSelect, toSummary } from '../catalog/search.ts';
import { checkoutLines, checkouts } from './schema.ts';
import { sessionSelections } from '../acting/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Priced = Awaited<ReturnType<typeof pricingForRequest>>;
/** Who buys, for which business, and how the session prices (read once per request). */
type Buyer = Acting & { business: NonNullable<Acting['business']>; priced: Priced };

/**
 * spec 02 §4: swapping a business partner clears the cart. Called inside the selection's own
 * transaction, so a failed selection keeps the cart as it was.
 */
/**
 * Serialises a user's cart changes against each other and against their business selection: a
 * second create finds the first one's cart, and a swap never interleaves with a create.
 */
export async function lockUser(tx: Tx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

export async function clearOpenCheckouts(tx: Db | Tx, userId: string) {
  await tx
    .update(checkouts)
    .set({ status: 'cleared' })
    .where(and(eq(checkouts.userId, userId), eq(checkouts.status, 'open')));
}

export function createCartService(ctx: AppContext, auth: AuthService) {
  /** Who may buy (spec 01 §6, spec 02 §4): purchasing rights, and a business to buy for. */
  async function requireBuyer(request: FastifyRequest): Promise<Buyer> {
    const a = signedIn(request);
    // Rights first: sales reps always have them, so only a rep can meet the "no linked business" text.
    if (!canPurchase(a.user))
      // spec 02 §1: a consumer has no product checkout at all; no dealer's owner could grant it.
      throw new HttpError(
        403,
        roleLabel(a.user) === 'Customer' ? messages.consumerNoProductCheckout : CART_TEXTS.noPurchasingRights,
      );
    if (!a.business) throw new HttpError(400, messages.noLinkedBusiness);
    return { ...a, business: a.business, priced: await pricingForRequest(ctx, auth, request) };
  }

  /** The open checkout of this buyer for this business, or null (another business's cart is not theirs now). */
  async function openCheckoutOf(db: Db | Tx, buyer: Buyer, lock = false) {
    const query = db
      .select({ id: checkouts.id, token: checkouts.token, businessPartnerId: checkouts.businessPartnerId })
      .from(checkouts)
      .where(and(eq(checkouts.userId, buyer.user.id), eq(checkouts.status, 'open')));
    const [row] = lock ? await query.for('update') : await query;
    return row && row.businessPartnerId === buyer.business.id ? row : null;
  }

  /** The checkout a token names, if it is this buyer's open cart for the session's business (locked in a change). */
  async function checkoutByToken(db: Db | Tx, buyer: Buyer, token: string, lock = true) {
    const row = await openCheckoutOf(db, buyer, lock);
    if (!row || row.token !== token) throw new HttpError(404, CART_TEXTS.checkoutNotFound);
    return row;
  }

  /**
   * Products may be added when they exist, are for sale and have a price in the session's channel
   * (a line without one could not be shown or totalled); the first refusal answers.
   */
  async function checkSellable(tx: Tx, productIds: string[], channelSlug: string) {
    const rows = await tx
      .select({
        id: products.id,
        forSale: sql<boolean>`${products.isAvailableForPurchase} and ${productPrices.productId} is not null`,
      })
      .from(products)
      .leftJoin(
        productPrices,
        and(eq(productPrices.productId, products.id), eq(productPrices.channelSlug, channelSlug)),
      )
      .where(inArray(products.id, productIds));
    const byId = new Map(rows.map((row) => [row.id, row.forSale]));
    for (const id of productIds) {
      if (!byId.has(id)) throw new HttpError(404, CART_TEXTS.productNotFound);
      if (!byId.get(id)) throw new HttpError(400, CART_TEXTS.notForSale);
    }
  }

  /** Adds quantities: a product already in the cart gets more, up to the line cap (else nothing changes). */
  async function addLinesTo(tx: Tx, checkoutId: string, lines: AddLinesRequest['lines'], channelSlug: string) {
    if (lines.length === 0) return;
    const merged = new Map<string, number>();
    for (const line of lines) merged.set(line.variantId, (merged.get(line.variantId) ?? 0) + line.quantity);
    await checkSellable(tx, [...merged.keys()], channelSlug);
    const held = await tx
      .select({ productId: checkoutLines.productId, quantity: checkoutLines.quantity })
      .from(checkoutLines)
      .where(and(eq(checkoutLines.checkoutId, checkoutId), inArray(checkoutLines.productId, [...merged.keys()])));
    for (const line of held) merged.set(line.productId, merged.get(line.productId)! + line.quantity);
    if ([...merged.values()].some((quantity) => quantity > MAX_LINE_QUANTITY))
      throw new HttpError(400, CART_TEXTS.quantityRange);
    await tx
      .insert(checkoutLines)
      .values([...merged].map(([productId, quantity]) => ({ checkoutId, productId, quantity })))
      .onConflictDoUpdate({
        target: [checkoutLines.checkoutId, checkoutLines.productId],
        // The totals were computed under the checkout's row lock: set them, do not add twice.
        set: { quantity: sql`excluded.quantity`, updatedAt: new Date() },
      });
    await touch(tx, checkoutId);
  }

  const touch = (tx: Tx, checkoutId: string) =>
    tx.update(checkouts).set({ updatedAt: new Date() }).where(eq(checkouts.id, checkoutId));

  /** The checkout as the browser shows it: every line at the session's price now (spec 01 §6). */
  async function present(buyer: Buyer, checkout: { id: string; token: string }) {
    const lines = await ctx.db
      .select({ id: checkoutLines.id, productId: checkoutLines.productId, quantity: checkoutLines.quantity })
      .from(checkoutLines)
      .where(eq(checkoutLines.checkoutId, checkout.id))
      .orderBy(asc(checkoutLines.createdAt), asc(checkoutLines.id));
    const { pricing, channelSlug } = buyer.priced;
    const rows = lines.length
      ? await productSelect(ctx, channelSlug).where(
          inArray(
            products.id,
            lines.map((line) => line.productId),
          ),
        )
      : [];
    const byId = new Map(rows.map((row) => [row.id, toSummary(row, pricing)]));
    const priced = lines.flatMap((line) => {
      const product = byId.get(line.productId);
      return product
        ? [{ id: line.id, quantity: line.quantity, product, total: { cents: product.price.cents * line.quantity } }]
        : [];
    });
    const subtotal = priced.reduce((sum, line) => sum + line.total.cents, 0);
    return {
      token: checkout.token,
      lines: priced,
      quantity: priced.reduce((sum, line) => sum + line.quantity, 0),
      subtotal: { cents: subtotal },
      // Shipping, tax and coupons join the total at checkout (the checkout issue).
      totalPrice: { cents: subtotal },
      businessPartner: { sapBpCode: buyer.business.sapBpCode, companyName: buyer.business.companyName },
    } satisfies Checkout;
  }

  /** GET last-b2b-token: the open cart, or none. Users who cannot buy simply have none (spec 02 §4). */
  async function last(request: FastifyRequest): Promise<LastCheckout> {
    const buyer = await requireBuyer(request).catch((error: unknown) => {
      // No rights or no business: no cart. No session still answers 401.
      if (error instanceof HttpError && error.statusCode !== 401) return null;
      throw error;
    });
    if (!buyer) return { token: null, checkout: null };
    const row = await openCheckoutOf(ctx.db, buyer);
    return row ? { token: row.token, checkout: await present(buyer, row) } : { token: null, checkout: null };
  }

  async function byToken(request: FastifyRequest, token: string) {
    const buyer = await requireBuyer(request);
    return present(buyer, await checkoutByToken(ctx.db, buyer, token, false));
  }

  /**
   * POST create-b2b: the buyer's open cart for the session's business, made when there is none
   * (asking twice answers the same cart).
   */
  async function create(request: FastifyRequest, lines: AddLinesRequest['lines']) {
    const buyer = await requireBuyer(request);
    const row = await ctx.db.transaction(async (tx) => {
      await lockUser(tx, buyer.user.id);
      // A business swapped since this request began (another tab) would get a cart it no longer shows.
      if (buyer.selected && !(await stillSelected(tx, buyer))) throw new HttpError(409, CART_TEXTS.businessChanged);
      const open = (await openCheckoutOf(tx, buyer, true)) ?? (await openNew(tx, buyer));
      await addLinesTo(tx, open.id, lines, buyer.priced.channelSlug);
      return open;
    });
    return present(buyer, row);
  }

  async function stillSelected(tx: Tx, buyer: Buyer) {
    const [row] = await tx
      .select({ id: sessionSelections.businessPartnerId })
      .from(sessionSelections)
      .where(eq(sessionSelections.sessionId, buyer.sessionId));
    return row?.id === buyer.business.id;
  }

  /** A new open cart; an open cart of another business (another session's selection) is cleared first. */
  async function openNew(tx: Tx, buyer: Buyer) {
    await clearOpenCheckouts(tx, buyer.user.id);
    const [row] = await tx
      .insert(checkouts)
      .values({ userId: buyer.user.id, businessPartnerId: buyer.business.id })
      .returning({ id: checkouts.id, token: checkouts.token, businessPartnerId: checkouts.businessPartnerId });
    return row!;
  }

  async function addLines(request: FastifyRequest, token: string, lines: AddLinesRequest['lines']) {
    const buyer = await requireBuyer(request);
    const row = await ctx.db.transaction(async (tx) => {
      const open = await checkoutByToken(tx, buyer, token);
      await addLinesTo(tx, open.id, lines, buyer.priced.channelSlug);
      return open;
    });
    return present(buyer, row);
  }

  /** Sets quantities; every line must be in this cart, or nothing changes. */
  async function updateLines(request: FastifyRequest, token: string, lines: UpdateLinesRequest['lines']) {
    const buyer = await requireBuyer(request);
    const row = await ctx.db.transaction(async (tx) => {
      const open = await checkoutByToken(tx, buyer, token);
      for (const line of lines) {
        const [held] = await tx
          .select({ productId: checkoutLines.productId, quantity: checkoutLines.quantity })
          .from(checkoutLines)
          .where(and(eq(checkoutLines.id, line.lineId), eq(checkoutLines.checkoutId, open.id)));
        if (!held) throw new HttpError(404, CART_TEXTS.lineNotFound);
        // Fewer of a product no longer for sale is fine; more is not.
        if (line.quantity > held.quantity) await checkSellable(tx, [held.productId], buyer.priced.channelSlug);
        await tx.update(checkoutLines).set({ quantity: line.quantity }).where(eq(checkoutLines.id, line.lineId));
      }
      await touch(tx, open.id);
      return open;
    });
    return present(buyer, row);
  }

  async function deleteLine(request: FastifyRequest, token: string, lineId: string) {
    const buyer = await requireBuyer(request);
    const row = await ctx.db.transaction(async (tx) => {
      const open = await checkoutByToken(tx, buyer, token);
      const deleted = await tx
        .delete(checkoutLines)
        .where(and(eq(checkoutLines.id, lineId), eq(checkoutLines.checkoutId, open.id)))
        .returning({ id: checkoutLines.id });
      if (deleted.length === 0) throw new HttpError(404, CART_TEXTS.lineNotFound);
      await touch(tx, open.id);
      return open;
    });
    return present(buyer, row);
  }

  return { last, byToken, create, addLines, updateLines, deleteLine };
}
export type CartService = ReturnType<typeof createCartService>;
