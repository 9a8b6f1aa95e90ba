import {
  CART_TEXTS,
  MAX_LINE_QUANTITY,
  CHECKOUT_TEXTS,
  type AddLinesRequest,
  type SetPaymentRequest,
  type LastCheckout,
  type UpdateLinesRequest,
  PLAN_TEXTS,
  type PutSubscriptionLine,
  mergePastedLines,
  type AddPastedRequest,
  type AddPastedResponse,
  type MatchPastedRequest,
  PASTED_ORDER_TEXTS,
  REFUSAL_CODES,
  isAddable,
} from '@portal/contracts';
import { createHash } from 'node:crypto';
import { createDeviceAccess, type DeviceAccessFor } from '../devices/index.ts';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { refuse } from '../../refusal.ts';
import type { Actor } from '../../actor.ts';
import { readActor } from '../acting/index.ts';
import { forSaleInChannel } from '../catalog/index.ts';
import { checkoutFactsOf } from '../business-partners/index.ts';
import { priceCheckout, type Buyer } from './pricing.ts';
import { createPaymentRules } from './payment.ts';
import { createCompletion } from './complete.ts';
import { KEY_PATTERN, type AttemptMachine } from '../../attempts/machine.ts';
import * as repo from './repo.ts';
import { clearOpenCheckouts, lockUser } from './selection.ts';
import { buyerOf, isPlanBuyer, planBuyerOf } from './buyer.ts';
import { findPasted } from './pasted.ts';

export function createCartService(
  ctx: AppContext,
  attempts: AttemptMachine,
  deps: { accessFor?: DeviceAccessFor } = {},
) {
  const payment = createPaymentRules(ctx);
  const accessFor = deps.accessFor ?? createDeviceAccess({ db: ctx.db, devices: ctx.devices });
  /** The open checkout of this buyer for this business, or null (another business's cart is not theirs now). */
  async function openCheckoutOf(db: Db | Tx, buyer: Buyer, lock = false) {
    const row = await repo.openCheckoutOfUser(db, buyer.user.id, lock);
    return row && row.businessPartnerId === buyer.business.id ? row : null;
  }

  /** The checkout a token names, if it is this buyer's open cart for the session's business (locked in a change). */
  async function checkoutByToken(db: Db | Tx, buyer: Buyer, token: string, lock = true) {
    const row = await openCheckoutOf(db, buyer, lock);
    if (!row || row.token !== token) throw refuse.notFound(CART_TEXTS.checkoutNotFound);
    return row;
  }

  /**
   * Products may be added when they exist, are for sale and have a price in the session's channel
   * (a line without one could not be shown or totalled); the first refusal answers.
   */
  async function checkSellable(tx: Tx, productIds: string[], channelSlug: string) {
    const byId = await forSaleInChannel(tx, productIds, channelSlug);
    for (const id of productIds) {
      if (!byId.has(id)) throw refuse.notFound(CART_TEXTS.productNotFound);
      if (!byId.get(id)) throw refuse.invalid(CART_TEXTS.notForSale);
    }
  }

  /** Adds quantities: a product already in the cart gets more, up to the line cap (else nothing changes). */
  async function addLinesTo(tx: Tx, checkoutId: string, lines: AddLinesRequest['lines'], channelSlug: string) {
    if (lines.length === 0) return;
    const merged = new Map<string, number>();
    for (const line of lines) merged.set(line.variantId, (merged.get(line.variantId) ?? 0) + line.quantity);
    await checkSellable(tx, [...merged.keys()], channelSlug);
    const held = await repo.heldQuantities(tx, checkoutId, [...merged.keys()]);
    for (const line of held) merged.set(line.productId, merged.get(line.productId)! + line.quantity);
    if ([...merged.values()].some((quantity) => quantity > MAX_LINE_QUANTITY))
      throw refuse.invalid(CART_TEXTS.quantityRange);
    await repo.setQuantities(tx, checkoutId, merged);
    await repo.touchCheckout(tx, checkoutId);
  }

  /** The checkout as the browser shows it: every line at the session's price now (spec 01 §6), with its totals. */
  async function present(buyer: Buyer, checkout: { id: string }) {
    const row = await repo.checkoutRow(ctx.db, checkout.id);
    if (!row) throw refuse.notFound(CART_TEXTS.checkoutNotFound);
    return (await priceCheckout(ctx.db, buyer, row)).checkout;
  }

  /** Records a choice of the open checkout (addresses, shipping method, PO number, payment) and answers it priced. */
  async function choose(
    actor: Actor,
    token: string,
    decide: (tx: Tx, buyer: Buyer, open: repo.OpenCheckout) => Promise<repo.CheckoutChoices>,
  ) {
    const buyer = buyerOf(actor);
    const row = await ctx.db.transaction(async (tx) => {
      const open = await checkoutByToken(tx, buyer, token);
      await repo.setChoices(tx, open.id, await decide(tx, buyer, open));
      return open;
    });
    return present(buyer, row);
  }

  /** One of the business's addresses (another's is refused as not found). */
  async function addressOfBusiness(tx: Tx, buyer: Buyer, addressId: string, type?: 'SHIPPING') {
    const facts = await checkoutFactsOf(tx, buyer.business.id);
    const address = facts.addresses.find((a) => a.id === addressId && (!type || a.businessPartnerAddressType === type));
    if (!address) throw refuse.notFound(CHECKOUT_TEXTS.addressNotFound);
    return address;
  }

  /** update-b2b-shipping-address: one of the business's SHIPPING addresses (spec 02 §4). */
  const setShippingAddress = (actor: Actor, token: string, addressId: string) =>
    choose(actor, token, async (tx, buyer) => ({
      shippingAddressId: (await addressOfBusiness(tx, buyer, addressId, 'SHIPPING')).id,
    }));

  /** update-b2b-billing-address: any address of the business. */
  const setBillingAddress = (actor: Actor, token: string, addressId: string) =>
    choose(actor, token, async (tx, buyer) => ({
      billingAddressId: (await addressOfBusiness(tx, buyer, addressId)).id,
    }));

  const setShippingMethod = (actor: Actor, token: string, shippingMethodId: string) =>
    choose(actor, token, async () => ({ shippingMethodId }));

  /** set-b2b-po-number {poNumber}: an empty one clears it. */
  const setPoNumber = (actor: Actor, token: string, poNumber: string) =>
    choose(actor, token, async () => ({ poNumber: poNumber || null }));

  /**
   * set-b2b-payment {gateway, amount}: the whole total, by a way this business may pay now (payment.ts:
   * TERMS within the credit line and with nothing past due, a verified bank account, an unexpired card).
   */
  const setPayment = (actor: Actor, token: string, choice: SetPaymentRequest) =>
    choose(actor, token, async (tx, buyer, open) => {
      const priced = await priceCheckout(tx, buyer, open);
      await payment.check(tx, buyer, priced, choice);
      return {
        paymentGateway: choice.gateway,
        paymentMethodId: choice.paymentMethodId ?? null,
        paymentAmountCents: choice.amount,
      };
    });

  /** GET last-b2b-token: the open cart, or none. Users who cannot buy simply have none (spec 02 §4). */
  async function last(actor: Actor): Promise<LastCheckout> {
    // No rights or no business: no cart. A consumer's holds their plan lines (it never has products).
    if (!isPlanBuyer(actor)) return { token: null, checkout: null };
    const buyer = actor;
    const row = await openCheckoutOf(ctx.db, buyer);
    return row ? { token: row.token, checkout: await present(buyer, row) } : { token: null, checkout: null };
  }

  async function byToken(actor: Actor, token: string) {
    const buyer = buyerOf(actor);
    return present(buyer, await checkoutByToken(ctx.db, buyer, token, false));
  }

  /**
   * POST create-b2b: the buyer's open cart for the session's business, made when there is none
   * (asking twice answers the same cart).
   */
  async function create(actor: Actor, lines: AddLinesRequest['lines']) {
    const buyer = buyerOf(actor);
    const row = await ctx.db.transaction(async (tx) => {
      await lockUser(tx, buyer.user.id);
      // A business swapped since this request began (another tab) would get a cart it no longer shows.
      if (buyer.selected && !(await stillSelected(tx, buyer))) throw refuse.conflict(CART_TEXTS.businessChanged);
      const open = (await openCheckoutOf(tx, buyer, true)) ?? (await openNew(tx, buyer));
      await addLinesTo(tx, open.id, lines, buyer.channelSlug);
      return open;
    });
    return present(buyer, row);
  }

  /** The session still acts for the buyer's business: its actor read now, past the cache. */
  async function stillSelected(tx: Tx, buyer: Buyer) {
    const now = await readActor(tx, buyer.user.id, buyer.sessionId);
    return now?.business?.id === buyer.business.id;
  }

  /** A new open cart; an open cart of another business (another session's selection) is cleared first. */
  async function openNew(tx: Tx, buyer: Buyer) {
    await clearOpenCheckouts(tx, buyer.user.id);
    return repo.insertCheckout(tx, buyer.user.id, buyer.business.id);
  }

  async function addLines(actor: Actor, token: string, lines: AddLinesRequest['lines']) {
    const buyer = buyerOf(actor);
    const row = await ctx.db.transaction(async (tx) => {
      const open = await checkoutByToken(tx, buyer, token);
      await addLinesTo(tx, open.id, lines, buyer.channelSlug);
      return open;
    });
    return present(buyer, row);
  }

  /** Sets quantities; every line must be in this cart, or nothing changes. */
  async function updateLines(actor: Actor, token: string, lines: UpdateLinesRequest['lines']) {
    const buyer = buyerOf(actor);
    const row = await ctx.db.transaction(async (tx) => {
      const open = await checkoutByToken(tx, buyer, token);
      for (const line of lines) {
        const held = await repo.lineOf(tx, open.id, line.lineId);
        if (!held) throw refuse.notFound(CART_TEXTS.lineNotFound);
        // Fewer of a product no longer for sale is fine; more is not.
        if (line.quantity > held.quantity) await checkSellable(tx, [held.productId], buyer.channelSlug);
        await repo.setLineQuantity(tx, line.lineId, line.quantity);
      }
      await repo.touchCheckout(tx, open.id);
      return open;
    });
    return present(buyer, row);
  }

  async function deleteLine(actor: Actor, token: string, lineId: string) {
    const buyer = buyerOf(actor);
    const row = await ctx.db.transaction(async (tx) => {
      const open = await checkoutByToken(tx, buyer, token);
      if (!(await repo.deleteLine(tx, open.id, lineId))) throw refuse.notFound(CART_TEXTS.lineNotFound);
      await repo.touchCheckout(tx, open.id);
      return open;
    });
    return present(buyer, row);
  }

  /**
   * PUT /api/cart/subscription-lines (issue 30 item 2): a plan and duration for a device, into the buyer's cart
   * (opened when there is none). The device is reached by the devices module's rules (installed → its business's
   * people, else 404; installed for nobody → the ICCID digits), and its model is read from the cloud. One line per
   * device: a second plan for the same device replaces the first.
   */
  async function putSubscriptionLine(actor: Actor, input: PutSubscriptionLine, origin: { ip: string }) {
    const buyer = planBuyerOf(actor);
    const { shadow } = await accessFor(actor, input.device_key, {
      iccidLastDigits: input.iccid_last_digits,
      ip: origin.ip,
    });
    if (shadow.reported.device_state === 'replaced' || shadow.reported.device_state === 'retired')
      throw refuse.unprocessable(PLAN_TEXTS.deviceCannotTakePlan);
    const row = await ctx.db.transaction(async (tx) => {
      await lockUser(tx, buyer.user.id);
      if (buyer.selected && !(await stillSelected(tx, buyer))) throw refuse.conflict(CART_TEXTS.businessChanged);
      const open = (await openCheckoutOf(tx, buyer, true)) ?? (await openNew(tx, buyer));
      await repo.putSubscriptionLine(tx, {
        checkoutId: open.id,
        deviceKey: shadow.device_key,
        productName: shadow.reported.product,
        planId: input.plan_id,
        duration: input.newPricingPlan,
      });
      await repo.touchCheckout(tx, open.id);
      return open;
    });
    return present(buyer, row);
  }

  /** DELETE /api/cart/subscription-lines/{device_key}: 404 when the cart has no line for it. */
  async function deleteSubscriptionLine(actor: Actor, deviceKey: string) {
    const buyer = planBuyerOf(actor);
    const row = await ctx.db.transaction(async (tx) => {
      const open = await openCheckoutOf(tx, buyer, true);
      if (!open || !(await repo.deleteSubscriptionLine(tx, open.id, deviceKey)))
        throw refuse.notFound(PLAN_TEXTS.lineNotFound);
      await repo.touchCheckout(tx, open.id);
      return open;
    });
    return present(buyer, row);
  }

  /** POST /api/quick-order/match (issue 33 item 3): each pasted line as the catalog has it for this business. */
  async function matchPasted(actor: Actor, lines: MatchPastedRequest['lines']) {
    return { lines: await findPasted(ctx.db, buyerOf(actor), lines) };
  }

  /**
   * POST /api/quick-order/add-to-cart: every line that can be bought goes into the cart in one transaction (a total
   * over the line cap refuses them all, as adding does); the others are answered, not added. A repeat under the
   * same Idempotency-Key (a double click: the user's lock makes it wait for the first) adds nothing again.
   */
  async function addPasted(
    actor: Actor,
    lines: AddPastedRequest['lines'],
    key: string | undefined,
  ): Promise<AddPastedResponse> {
    const buyer = buyerOf(actor);
    if (!key || !KEY_PATTERN.test(key))
      throw refuse.invalid(CHECKOUT_TEXTS.idempotencyKeyRequired, REFUSAL_CODES.IDEMPOTENCY_KEY_REQUIRED);
    const merged = mergePastedLines(lines);
    const requestHash = createHash('sha256').update(JSON.stringify(merged)).digest('hex');
    const outcome = await ctx.db.transaction(async (tx) => {
      await lockUser(tx, buyer.user.id);
      const earlier = await repo.pastedAddByKey(tx, buyer.user.id, key);
      if (earlier) {
        if (earlier.requestHash !== requestHash)
          throw refuse.unprocessable(CHECKOUT_TEXTS.idempotencyKeyReused, REFUSAL_CODES.IDEMPOTENCY_KEY_REUSED);
        return { checkoutId: earlier.checkoutId, found: await findPasted(tx, buyer, merged), replayed: true };
      }
      if (buyer.selected && !(await stillSelected(tx, buyer))) throw refuse.conflict(CART_TEXTS.businessChanged);
      const found = await findPasted(tx, buyer, merged);
      const addable = found.filter((line) => isAddable(line.status));
      if (addable.length === 0)
        throw refuse.unprocessable(PASTED_ORDER_TEXTS.nothingToAdd, REFUSAL_CODES.NOTHING_TO_ADD);
      const open = (await openCheckoutOf(tx, buyer, true)) ?? (await openNew(tx, buyer));
      const toAdd = addable.map((line) => ({ variantId: line.product!.id, quantity: line.quantity }));
      await addLinesTo(tx, open.id, toAdd, buyer.channelSlug);
      await repo.insertPastedAdd(tx, { userId: buyer.user.id, idempotencyKey: key, requestHash, checkoutId: open.id });
      return { checkoutId: open.id, found, replayed: false };
    });
    const added = outcome.found.filter((line) => isAddable(line.status));
    return {
      addedLines: added.length,
      addedUnits: added.reduce((sum, line) => sum + line.quantity, 0),
      lines: outcome.found,
      replayed: outcome.replayed,
      checkout: await present(buyer, { id: outcome.checkoutId }),
    };
  }

  const completion = createCompletion(ctx, attempts, {
    payment,
    buyerOf,
  });

  return {
    last,
    byToken,
    create,
    addLines,
    updateLines,
    deleteLine,
    setShippingAddress,
    setBillingAddress,
    setShippingMethod,
    setPoNumber,
    setPayment,
    complete: completion.complete,
    putSubscriptionLine,
    deleteSubscriptionLine,
    matchPasted,
    addPasted,
  };
}
export type CartService = ReturnType<typeof createCartService>;
