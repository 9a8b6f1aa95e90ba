import { randomUUID } from 'node:crypto';
import {
  CART_TEXTS,
  CHECKOUT_TEXTS,
  formatMoney,
  shippingMethodLabel,
  type CompletedCheckout,
} from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { refuse } from '../../refusal.ts';
import { tryViewOf, type AttemptMachine, type AttemptStore } from '../../attempts/machine.ts';
import { chargeStep, type MadeCharge } from '../../attempts/charge-step.ts';
import { orderAddressOf, orderOf, placeOrder, type NewOrder } from '../orders/index.ts';
import { invoiceForOrder } from '../billing/index.ts';
import { businessAlsoMailed, type Actor } from '../../actor.ts';
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
  /**
   * Who else hears of the order (issue 27 §10): the dealer primary a rep acted for (the rep is the placer
   * and gets the copy). Absent on tries decided before.
   */
  alsoTo?: string[];
}

const fullName = (user: { first_name: string; last_name: string; email: string }) =>
  `${user.first_name} ${user.last_name}`.trim() || user.email;

/** Where checkout tries are kept: checkout_attempts; a failed try gives its cart back. */
const store: AttemptStore<Snapshot, repo.AttemptRow> = {
  keyConstraint: 'checkout_attempts_key',
  byKey: (db, userId, key) => repo.attemptByKey(db, userId, key),
  byId: (db, id) => repo.attemptById(db, id),
  pendingBefore: (db, before) => repo.chargingAttempts(db, before),
  view: (row) => tryViewOf(row, 'completed'),
  async fail(tx, row, failure) {
    if (!(await repo.failAttempt(tx, row.id, failure))) return false;
    // The cart comes back, unless the buyer has opened another since.
    const checkout = await repo.checkoutRow(tx, row.checkoutId, true);
    if (checkout?.status === 'completing') {
      const another = await repo.openCheckoutOfUser(tx, checkout.userId);
      await repo.setChoices(tx, row.checkoutId, { status: another ? 'cleared' : 'open' });
    }
    return true;
  },
};

/**
 * complete-b2b-checkout (issue 18; ARCHITECTURE "Orders") as a kind of the attempt machine (issue 26): the
 * decision (prices, availability, payment) is one transaction that ends with a try ('charging') and the
 * checkout held ('completing'); the charge is the machine's charge step; the order, the checkout's end and
 * the confirmation mail are one transaction. COD and TERMS charge nothing and write the order in the
 * deciding transaction itself.
 */
export function createCompletion(
  ctx: AppContext,
  attempts: AttemptMachine,
  deps: {
    payment: ReturnType<typeof createPaymentRules>;
    buyerOf: (actor: Actor) => Buyer;
  },
) {
  const runner = attempts.define<
    Actor,
    { token: string; selectedPayment: string },
    Snapshot,
    repo.AttemptRow,
    CompletedCheckout
  >({
    name: 'checkout',
    label: 'checkout completion',
    texts: {
      keyRequired: CHECKOUT_TEXTS.idempotencyKeyRequired,
      keyReused: CHECKOUT_TEXTS.idempotencyKeyReused,
      inProgress: CHECKOUT_TEXTS.inProgress,
      notFound: CART_TEXTS.checkoutNotFound,
      notCompleted: CHECKOUT_TEXTS.paymentChanged,
    },
    store,
    ownerOf: (actor) => deps.buyerOf(actor).user.id,
    requestOf: (actor, input) => [deps.buyerOf(actor).business.id, input.token, input.selectedPayment],
    async decide(tx, actor, input, at) {
      const attempt = await decide(tx, deps.buyerOf(actor), input, at);
      if ('replay' in attempt) return attempt;
      // Nothing to charge (COD, TERMS): the order is written in the deciding transaction itself.
      if (attempt.status === 'completed')
        return { tried: attempt, result: { order: await writeOrder(tx, attempt, null) } };
      return { tried: attempt };
    },
    steps: [
      chargeStep<Snapshot>(ctx.payments, (snapshot) =>
        snapshot.source
          ? {
              amountCents: snapshot.totalCents,
              currency: 'USD',
              source: snapshot.source,
              description: snapshot.description,
              postalCode: snapshot.order.shippingAddress.postalCode,
            }
          : null,
      ),
    ],
    async write(tx, attempt, outputs) {
      // The try is claimed with its order's id first: a recovery and a retry at once write one order.
      const orderId = randomUUID();
      if (!(await repo.claimAttempt(tx, attempt.id, orderId))) return null;
      await repo.setChoices(tx, attempt.checkoutId, { status: 'completed' });
      const charge = outputs.charge as MadeCharge | undefined;
      return { order: await writeOrder(tx, { ...attempt, orderId }, charge?.id ?? null) };
    },
    async resultOf(db, attempt) {
      const snapshot = attempt.snapshot as Snapshot;
      const order = await orderOf(db, snapshot.order.businessPartnerId, attempt.orderId!);
      if (!order) throw refuse.notFound(CART_TEXTS.checkoutNotFound);
      return { order };
    },
  });

  /** The one transaction that decides: re-prices every line, checks what is sold and how it is paid. */
  async function decide(
    tx: Tx,
    buyer: Buyer,
    input: { token: string; selectedPayment: string },
    at: { key: string; requestHash: string; earlier: () => Promise<repo.AttemptRow | null> },
  ): Promise<repo.AttemptRow | { replay: repo.AttemptRow }> {
    // The buyer's open checkout, locked: a second completion (any key) waits here, then finds it no longer
    // open; under the same key it answers the first one's try.
    const open = await repo.openCheckoutOfUser(tx, buyer.user.id, true);
    if (!open || open.token !== input.token || open.businessPartnerId !== buyer.business.id) {
      const first = await at.earlier();
      if (first) return { replay: first };
      throw refuse.notFound(CART_TEXTS.checkoutNotFound);
    }
    const priced = await priceCheckout(tx, buyer, open);
    if (priced.lines.length === 0) throw refuse.invalid(CHECKOUT_TEXTS.emptyCart);
    const shippingAddress = priced.checkout.shippingAddress;
    if (!shippingAddress) throw refuse.invalid(CHECKOUT_TEXTS.noShippingAddress);
    // Priced lines have a price in the buyer's channel; the product must also still be sold.
    const gone = priced.lines.filter((line) => !line.isAvailableForPurchase);
    if (gone.length) throw refuse.conflict(CHECKOUT_TEXTS.notAvailable(gone.map((line) => line.sku).join(', ')));
    const payment = await deps.payment.selected(tx, buyer, priced, input.selectedPayment);

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
      alsoTo: businessAlsoMailed(buyer),
    };
    // Nothing to charge (COD, TERMS): the try is complete at once, with the id of the order this transaction
    // writes, and its checkout ends with it; else the try charges and its checkout waits ('completing').
    const charging = snapshot.source !== null;
    return repo.insertAttempt(
      tx,
      {
        userId: buyer.user.id,
        idempotencyKey: at.key,
        requestHash: at.requestHash,
        checkoutId: open.id,
        status: charging ? 'charging' : 'completed',
        orderId: charging ? null : randomUUID(),
        snapshot,
      },
      charging ? 'completing' : 'completed',
    );
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
    // The business first (the dealer a rep acted for), then the one who placed it, as a copy.
    for (const to of [...(snapshot.alsoTo ?? []), snapshot.order.placedBy.email])
      await ctx.mailer.send(
        { to, subject: CHECKOUT_TEXTS.orderConfirmationSubject(written.number), text: confirmationText(written) },
        tx,
      );
    return written;
  }

  return {
    complete: (actor: Actor, token: string, selectedPayment: string, idempotencyKey: string | undefined) =>
      runner.run(actor, { token, selectedPayment }, idempotencyKey),
  };
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
