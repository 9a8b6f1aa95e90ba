import { createHash, randomUUID } from 'node:crypto';
import {
  CART_TEXTS,
  CHECKOUT_TEXTS,
  PAYMENT_ERROR,
  formatMoney,
  shippingMethodLabel,
  type CompletedCheckout,
} from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { HttpError } from '../../plugins/errors.ts';
import { PaymentRefusal } from '../../adapters/payments/index.ts';
import { orderAddressOf, orderOf, placeOrder, type NewOrder } from '../orders/index.ts';
import { invoiceForOrder } from '../billing/index.ts';
import type { Actor } from '../acting/index.ts';
import type { createPaymentRules } from './payment.ts';
import { priceCheckout, type Buyer } from './pricing.ts';
import * as repo from './repo.ts';

/** What a try decided, kept with it: the order to write and what to charge (a crash resumes from this). */
interface Snapshot {
  order: Omit<NewOrder, 'checkoutId'>;
  /** The processor token to charge; null for COD and TERMS. */
  source: string | null;
  totalCents: number;
  description: string;
  /** The business as the order shows it. */
  partner: { sapBpCode: string; companyName: string };
}

type Failure = NonNullable<repo.AttemptRow['failure']>;

/** What the deciding transaction ends with: a try (new, or the key's earlier one) and, when nothing was to be charged, its order. */
interface Decided {
  attempt: repo.AttemptRow;
  fresh: boolean;
  order?: CompletedCheckout['order'];
}

const KEY_PATTERN = /^[\w-]{8,100}$/;
/** How long a retry waits for the try it repeats to finish before answering "in progress". */
const REPLAY_WAIT_MS = 10_000;

const fullName = (user: { first_name: string; last_name: string; email: string }) =>
  `${user.first_name} ${user.last_name}`.trim() || user.email;

/**
 * complete-b2b-checkout (issue 18; ARCHITECTURE "Orders"): decide, charge, write. The decision (prices,
 * availability, payment) is one transaction that ends with a try row ('charging') and the checkout held
 * ('completing'); the charge is the processor's, idempotent by the try's id; the order, the checkout's end
 * and the confirmation mail are one transaction. A retry under the same Idempotency-Key answers the first
 * answer; a crash between charge and order is finished (or undone) by `recover`.
 */
export function createCompletion(
  ctx: AppContext,
  deps: {
    payment: ReturnType<typeof createPaymentRules>;
    buyerOf: (actor: Actor) => Buyer;
  },
) {
  async function complete(
    actor: Actor,
    token: string,
    selectedPayment: string,
    idempotencyKey: string | undefined,
  ): Promise<{ replayed: boolean; body: CompletedCheckout }> {
    const buyer = deps.buyerOf(actor);
    if (!idempotencyKey || !KEY_PATTERN.test(idempotencyKey))
      throw new HttpError(400, CHECKOUT_TEXTS.idempotencyKeyRequired);
    const requestHash = createHash('sha256')
      .update(JSON.stringify([buyer.business.id, token, selectedPayment]))
      .digest('hex');

    let decided: Decided;
    try {
      decided = await ctx.db.transaction(async (tx) => {
        const made = await decide(tx, buyer, token, selectedPayment, idempotencyKey, requestHash);
        // Nothing to charge (COD, TERMS): the order is written in the deciding transaction itself.
        if (made.fresh && made.attempt.status === 'completed')
          return { ...made, order: await writeOrder(tx, made.attempt, null) };
        return made;
      });
    } catch (error) {
      // The same key sent twice at once: the other request decided first; answer what it answers.
      if (!isUniqueViolation(error, 'checkout_attempts_key')) throw error;
      const other = await repo.attemptByKey(ctx.db, buyer.user.id, idempotencyKey);
      if (!other) throw error;
      return replay(buyer, other, requestHash);
    }
    if (!decided.fresh) return replay(buyer, decided.attempt, requestHash);
    if (decided.order) return { replayed: false, body: { order: decided.order } };
    return { replayed: false, body: await finish(decided.attempt) };
  }

  /** The one transaction that decides: re-prices every line, checks what is sold and how it is paid. */
  async function decide(
    tx: Tx,
    buyer: Buyer,
    token: string,
    selectedPayment: string,
    key: string,
    requestHash: string,
  ) {
    // The buyer's open checkout, locked: a second completion (any key) waits here, then finds it no longer
    // open; under the same key it answers the first one's try.
    const open = await repo.openCheckoutOfUser(tx, buyer.user.id, true);
    if (!open || open.token !== token || open.businessPartnerId !== buyer.business.id) {
      const first = await repo.attemptByKey(tx, buyer.user.id, key);
      if (first) return { attempt: first, fresh: false };
      throw new HttpError(404, CART_TEXTS.checkoutNotFound);
    }
    const priced = await priceCheckout(tx, buyer, open);
    if (priced.lines.length === 0) throw new HttpError(400, CHECKOUT_TEXTS.emptyCart);
    const shippingAddress = priced.checkout.shippingAddress;
    if (!shippingAddress) throw new HttpError(400, CHECKOUT_TEXTS.noShippingAddress);
    // Priced lines have a price in the buyer's channel; the product must also still be sold.
    const gone = priced.lines.filter((line) => !line.isAvailableForPurchase);
    if (gone.length) throw new HttpError(409, CHECKOUT_TEXTS.notAvailable(gone.map((line) => line.sku).join(', ')));
    const payment = await deps.payment.selected(tx, buyer, priced, selectedPayment);

    const { checkout } = priced;
    const snapshot: Snapshot = {
      order: {
        businessPartnerId: buyer.business.id,
        placedBy: { userId: buyer.user.id, name: fullName(buyer.user), email: buyer.user.email },
        actingForName: buyer.impersonating ? fullName(buyer.actingUser) : null,
        poNumber: checkout.poNumber,
        shippingAddress: orderAddressOf(shippingAddress),
        billingAddress: checkout.billingAddress ? orderAddressOf(checkout.billingAddress) : null,
        shippingMethod: priced.shippingMethod,
        subtotalCents: checkout.subtotal.cents,
        shippingCents: checkout.shippingPrice.cents,
        tax: checkout.tax,
        totalCents: checkout.totalPrice.cents,
        payment: { kind: payment.kind, label: payment.label, paymentMethodId: payment.paymentMethodId, chargeId: null },
        lines: priced.lines.map(({ isAvailableForPurchase: _sold, ...line }) => line),
        metadata: [
          { key: 'channel', value: buyer.channelSlug },
          { key: 'placedFor', value: buyer.business.sapBpCode },
        ],
      },
      source: payment.source,
      totalCents: checkout.totalPrice.cents,
      description: `${buyer.business.companyName} (${buyer.business.sapBpCode}): ${checkout.quantity} items`,
      partner: { sapBpCode: buyer.business.sapBpCode, companyName: buyer.business.companyName },
    };
    // Nothing to charge (COD, TERMS): the try is complete at once, with the id of the order this transaction
    // writes, and its checkout ends with it; else the try charges and its checkout waits ('completing').
    const charging = snapshot.source !== null;
    const attempt = await repo.insertAttempt(
      tx,
      {
        userId: buyer.user.id,
        idempotencyKey: key,
        requestHash,
        checkoutId: open.id,
        status: charging ? 'charging' : 'completed',
        orderId: charging ? null : randomUUID(),
        snapshot,
      },
      charging ? 'completing' : 'completed',
    );
    return { attempt, fresh: true };
  }

  /** Charges (idempotently, by the try's id) and writes the order; a decline ends the try and gives the cart back. */
  async function finish(attempt: repo.AttemptRow, chargeFound?: { id: string } | null) {
    const snapshot = attempt.snapshot as Snapshot;
    let chargeId: string | null = chargeFound?.id ?? null;
    if (snapshot.source && !chargeId) {
      const charge = await ctx.payments
        .charge({
          idempotencyKey: attempt.id,
          amountCents: snapshot.totalCents,
          currency: 'USD',
          source: snapshot.source,
          description: snapshot.description,
          postalCode: snapshot.order.shippingAddress.postalCode,
        })
        .catch((error: unknown) => {
          if (error instanceof PaymentRefusal) return { status: 'refused' as const, detail: error.message };
          throw error;
        });
      if (charge.status === 'refused')
        return fail(attempt, { status: 400, detail: charge.detail, code: PAYMENT_ERROR });
      if (charge.status === 'declined')
        return fail(attempt, { status: 402, detail: charge.detail, code: PAYMENT_ERROR });
      chargeId = charge.id;
    }
    // A crash here (the fault test's kill) leaves a charge and no order: `recover` finishes it.
    if (ctx.config.FAULT_INJECTION === 'kill-after-charge') process.kill(process.pid, 'SIGKILL');

    const order = await ctx.db.transaction(async (tx) => {
      // The try is claimed with its order's id first: a recovery and a retry at once write one order.
      const orderId = randomUUID();
      if (!(await repo.claimAttempt(tx, attempt.id, orderId))) {
        const other = (await repo.attemptById(tx, attempt.id))!;
        return (await orderOf(tx, snapshot.order.businessPartnerId, other.orderId!))!;
      }
      await repo.setChoices(tx, attempt.checkoutId, { status: 'completed' });
      return writeOrder(tx, { ...attempt, orderId }, chargeId);
    });
    return { order };
  }

  /** Writes the order of a completed try (its id is the try's orderId; its checkout already ended) and mails the buyer. */
  async function writeOrder(tx: Tx, attempt: repo.AttemptRow, chargeId: string | null) {
    const snapshot = attempt.snapshot as Snapshot;
    const written = await placeOrder(
      tx,
      {
        ...snapshot.order,
        id: attempt.orderId!,
        checkoutId: attempt.checkoutId,
        payment: { ...snapshot.order.payment, chargeId },
      },
      snapshot.partner,
    );
    // An order on terms is billed with it, in its transaction (issue 19): the invoice raises the balance.
    if (snapshot.order.payment.kind === 'TERMS')
      await invoiceForOrder(tx, {
        businessPartnerId: snapshot.order.businessPartnerId,
        orderId: written.id,
        orderNumber: written.number,
        poNumber: written.poNumber,
        totalCents: written.total.cents,
        placedAt: new Date(written.created),
      });
    await ctx.mailer.send(
      {
        to: snapshot.order.placedBy.email,
        subject: CHECKOUT_TEXTS.orderConfirmationSubject(written.number),
        text: confirmationText(written),
      },
      tx,
    );
    return written;
  }

  /** Ends a try as failed, gives the cart back (unless the buyer has opened another since) and answers the failure. */
  async function fail(attempt: repo.AttemptRow, failure: Failure): Promise<never> {
    await ctx.db.transaction(async (tx) => {
      await repo.endAttempt(tx, attempt.id, { status: 'failed', failure });
      const checkout = await repo.checkoutRow(tx, attempt.checkoutId, true);
      if (checkout?.status !== 'completing') return;
      const another = await repo.openCheckoutOfUser(tx, checkout.userId);
      await repo.setChoices(tx, attempt.checkoutId, { status: another ? 'cleared' : 'open' });
    });
    throw new HttpError(failure.status, failure.detail, {}, failure.code);
  }

  /** A retry: the same answer as the first time, once it is known; another body under the key is refused. */
  async function replay(
    buyer: Buyer,
    attempt: repo.AttemptRow,
    requestHash: string,
  ): Promise<{ replayed: boolean; body: CompletedCheckout }> {
    if (attempt.requestHash !== requestHash) throw new HttpError(422, CHECKOUT_TEXTS.idempotencyKeyReused);
    const deadline = Date.now() + REPLAY_WAIT_MS;
    let current: repo.AttemptRow | null = attempt;
    while (current?.status === 'charging') {
      if (Date.now() - current.createdAt.getTime() >= ctx.config.CHECKOUT_RECOVERY_AFTER_MS) {
        await settle(current).catch(() => undefined);
      } else if (Date.now() > deadline) {
        throw new HttpError(409, CHECKOUT_TEXTS.inProgress);
      } else {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      current = await repo.attemptById(ctx.db, attempt.id);
    }
    if (!current) throw new HttpError(404, CART_TEXTS.checkoutNotFound);
    if (current.status === 'failed') {
      const failure = current.failure!;
      throw new HttpError(failure.status, failure.detail, {}, failure.code);
    }
    const order = await orderOf(ctx.db, buyer.business.id, current.orderId!);
    if (!order) throw new HttpError(404, CART_TEXTS.checkoutNotFound);
    return { replayed: true, body: { order } };
  }

  /**
   * Finishes a try a crash left charging: with its charge made, the order is written (one order, one
   * charge); COD and TERMS need no charge and are written too; a card try whose charge never happened (or
   * was declined) ends failed, with the cart given back. Nothing is charged here that was not charged.
   */
  async function settle(attempt: repo.AttemptRow) {
    const snapshot = attempt.snapshot as Snapshot;
    if (!snapshot.source) return finish(attempt, null);
    const charge = await ctx.payments.findCharge(attempt.id);
    if (charge?.status === 'succeeded') return finish(attempt, charge);
    return fail(attempt, {
      status: 402,
      detail: charge?.status === 'declined' ? charge.detail : CHECKOUT_TEXTS.paymentChanged,
      code: PAYMENT_ERROR,
    }).catch(() => undefined);
  }

  /** At start (and on demand): every try still charging for longer than the recovery delay is settled. */
  async function recover() {
    const stale = await repo.chargingAttempts(ctx.db, new Date(Date.now() - ctx.config.CHECKOUT_RECOVERY_AFTER_MS));
    for (const attempt of stale) await settle(attempt).catch(() => undefined);
    return stale.length;
  }

  return { complete, recover };
}

function confirmationText(order: CompletedCheckout['order']) {
  const lines = order.lines.map(
    (line) => `  ${line.quantity} × ${line.sku} ${line.productName}  ${formatMoney(line.total.cents)}`,
  );
  const to = order.shippingAddress;
  return [
    `Thank you for your order ${order.number} for ${order.businessPartner.companyName}.`,
    '',
    ...lines,
    '',
    `Subtotal: ${formatMoney(order.subtotal.cents)}`,
    `Shipping (${shippingMethodLabel(order.shippingMethodName)}): ${formatMoney(order.shippingPrice.cents)}`,
    `Tax: ${order.tax.exempt ? 'exempt' : formatMoney(order.tax.cents)}`,
    `Total: ${formatMoney(order.total.cents)}`,
    `Paid by: ${order.payment.label}`,
    order.poNumber ? `PO number: ${order.poNumber}` : '',
    '',
    `Ships to: ${to.name}, ${to.streetAddress1}${to.streetAddress2 ? `, ${to.streetAddress2}` : ''}, ${to.city}, ${to.countryArea} ${to.postalCode}`,
  ]
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n');
}
