import { createHash } from 'node:crypto';
import {
  BILLING_TEXTS,
  CHECKOUT_TEXTS,
  PARTIAL_PAYMENT_NOT_ALLOWED,
  PAYMENT_ERROR,
  formatMoney,
  isExpired,
  isSalesRep,
  payoffOf,
  paymentSumsOf,
  type PaymentSums,
  type PortalUser,
  type Receipt,
  type ValidationError,
  type payInvoicesRequestSchema,
} from '@portal/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { HttpError } from '../../plugins/errors.ts';
import { PaymentRefusal } from '../../adapters/payments/index.ts';
import type { Actor } from '../acting/index.ts';
import { paymentLabelOf, paymentMethodOfBusiness } from '../payment-methods/index.ts';
import * as repo from './repo.ts';

type PayInput = z.output<typeof payInvoicesRequestSchema>;
type Failure = NonNullable<repo.PaymentRow['failure']>;

/** Field errors found past the request's schema (an amount over what is owed): 400 `{ validation }`. */
export class FieldErrors extends Error {
  constructor(readonly validation: ValidationError['validation']) {
    super(validation.map((v) => `${v.field}: ${v.messages.join(' ')}`).join('; '));
  }
}

/** What the deciding transaction decided, kept with the payment: a crash resumes from this. */
interface Plan {
  partner: { id: string; sapBpCode: string; companyName: string };
  paidBy: { name: string; email: string; actingFor: string | null };
  /** Per invoice, in the order sent: what this payment settles on it. */
  invoices: { id: string; number: string; paidCents: number; discountCents: number }[];
  creditMemos: { id: string; number: string; appliedCents: number }[];
  applications: repo.NewApplication[];
  sums: PaymentSums;
  /** The processor token to charge; null when credit covers it all. */
  source: string | null;
  methodLabel: string | null;
  postalCode: string | null;
}

const KEY_PATTERN = /^[\w-]{8,100}$/;
/** How long a retry waits for the payment it repeats to finish before answering "in progress". */
const REPLAY_WAIT_MS = 10_000;

const fullName = (user: PortalUser) => `${user.first_name} ${user.last_name}`.trim() || user.email;

/** A CHECK constraint refused the statement (PostgreSQL 23514): the ledger's last guard against overpaying. */
function isCheckViolation(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as Error).cause, depth++)
    if ((e as { code?: unknown }).code === '23514') return true;
  return false;
}

/**
 * POST /api/pay-invoice (issue 19; spec 02 §4, §8), crash-safe like checkout completion: one transaction
 * decides (locks the invoices and credit memos in id order, checks every amount against today's payoff,
 * records what is being paid on each invoice and holds them, writes the payment 'charging' with its plan);
 * the processor charges, idempotent by the payment's id; one transaction writes the applications and the
 * sums they change, the receipt and its mail. A retry under the same Idempotency-Key answers the first
 * answer; `recover` finishes (or ends) payments a crash left charging.
 */
export function createInvoicePayment(ctx: AppContext) {
  async function pay(
    actor: Actor,
    input: PayInput,
    idempotencyKey: string | undefined,
    now = new Date(),
  ): Promise<{ replayed: boolean; body: Receipt }> {
    if (!actor.business) throw new HttpError(403, BILLING_TEXTS.selectBusiness);
    if (!idempotencyKey || !KEY_PATTERN.test(idempotencyKey))
      throw new HttpError(400, BILLING_TEXTS.idempotencyKeyRequired);
    const requestHash = createHash('sha256')
      .update(
        JSON.stringify([
          actor.business.id,
          input.invoices.map((i) => [i.id, i.paymentAmount]),
          input.creditMemos.map((c) => [c.id, c.amount ?? null]),
          input.paymentMethodId ?? null,
          input.expectedTotal ?? null,
        ]),
      )
      .digest('hex');

    const earlier = await repo.paymentByKey(ctx.db, actor.user.id, idempotencyKey);
    if (earlier) return replay(earlier, requestHash);
    let decided: repo.PaymentRow;
    try {
      const outcome = await ctx.db.transaction((tx) => decide(tx, actor, input, idempotencyKey, requestHash, now));
      if (outcome.replay) return replay(outcome.replay, requestHash);
      decided = outcome.payment;
    } catch (error) {
      // The same key sent twice at once: the other request decided first; answer what it answers.
      if (!isUniqueViolation(error, 'invoice_payments_key')) throw error;
      const other = await repo.paymentByKey(ctx.db, actor.user.id, idempotencyKey);
      if (!other) throw error;
      return replay(other, requestHash);
    }
    return { replayed: false, body: await finish(decided) };
  }

  /**
   * The one transaction that decides what the payment does. It writes the payment ('charging') and, on the
   * invoices, only what is being tried and the hold: no application, no sum.
   */
  async function decide(
    tx: Tx,
    actor: Actor,
    input: PayInput,
    key: string,
    requestHash: string,
    now: Date,
  ): Promise<{ replay: repo.PaymentRow; payment?: never } | { replay?: never; payment: repo.PaymentRow }> {
    const business = actor.business!;
    const today = repo.dayOf(now);
    // Locked in id order, invoices then credit memos: two payments of the same invoices wait for each other.
    const invoiceRows = await repo.lockInvoices(
      tx,
      business.id,
      input.invoices.map((i) => i.id),
    );
    // Another business's invoice (or credit memo) answers as one that does not exist.
    if (invoiceRows.length !== input.invoices.length) throw new HttpError(404, BILLING_TEXTS.invoiceNotFound);
    const memoRows = await repo.lockCreditMemos(
      tx,
      business.id,
      input.creditMemos.map((c) => c.id),
    );
    if (memoRows.length !== input.creditMemos.length) throw new HttpError(404, BILLING_TEXTS.creditMemoNotFound);
    // The same key, sent again while the first was deciding: it has committed by now; answer its answer.
    const first = await repo.paymentByKey(tx, actor.user.id, key);
    if (first) return { replay: first };
    // One payment at a time on an invoice or a credit memo: another still charging holds them.
    const holders = [...invoiceRows, ...memoRows].flatMap((row) => (row.heldByPaymentId ? [row.heldByPaymentId] : []));
    if (await repo.isAnyCharging(tx, holders)) throw new HttpError(409, BILLING_TEXTS.inProgress);

    const invoiceById = new Map(invoiceRows.map((row) => [row.id, row]));
    const fields: ValidationError['validation'] = [];
    const asked = input.invoices.map((item, n) => {
      const row = invoiceById.get(item.id)!;
      const payoff = payoffOf(
        {
          totalCents: row.totalCents,
          paidCents: row.paidCents,
          discountTakenCents: row.discountTakenCents,
          createDate: row.createDate,
          discountDays: row.discountDays,
          discountBp: row.discountBp,
        },
        today,
      );
      const field = `invoices.${n}.paymentAmount`;
      if (payoff.openCents === 0) fields.push({ field, messages: [BILLING_TEXTS.alreadyPaid] });
      else if (item.paymentAmount > payoff.payoffCents)
        fields.push({ field, messages: [BILLING_TEXTS.amountOverPayoff] });
      return { row, payoff, paymentCents: item.paymentAmount };
    });

    const memoById = new Map(memoRows.map((row) => [row.id, row]));
    const memos = input.creditMemos.map((item, n) => {
      const row = memoById.get(item.id)!;
      const left = row.amountCents - row.appliedCents;
      if (left <= 0) fields.push({ field: `creditMemos.${n}.id`, messages: [BILLING_TEXTS.creditMemoUsed] });
      else if (item.amount != null && item.amount > left)
        fields.push({ field: `creditMemos.${n}.amount`, messages: [BILLING_TEXTS.creditOverLeft] });
      return { row, left, asked: item.amount ?? null };
    });
    if (fields.length) throw new FieldErrors(fields);

    // Less than the payoff is a partial payment, without the discount; some invoices must be paid in full.
    if (asked.some((a) => a.paymentCents < a.payoff.payoffCents && !a.row.partialPaymentAllowed))
      throw new HttpError(400, BILLING_TEXTS.partialNotAllowed, {}, PARTIAL_PAYMENT_NOT_ALLOWED);

    const owed = asked.reduce((sum, a) => sum + a.paymentCents, 0);
    // Credit: a memo's `amount`, or as much of what is left as the invoices still need. A memo that would
    // add nothing, or amounts beyond the invoices', is more credit than the payment can take.
    let creditCents = 0;
    const drawn = memos.map((memo) => {
      const take = memo.asked ?? Math.min(memo.left, owed - creditCents);
      creditCents += take;
      return { ...memo, take };
    });
    if (creditCents > owed || drawn.some((memo) => memo.take <= 0))
      throw new HttpError(400, BILLING_TEXTS.creditOverTotal);

    const sums = paymentSumsOf(
      asked.map((a) => ({
        paymentCents: a.paymentCents,
        payoffCents: a.payoff.payoffCents,
        discountCents: a.payoff.discountCents,
      })),
      creditCents,
    );
    if (input.expectedTotal != null && input.expectedTotal !== sums.charge)
      throw new HttpError(409, BILLING_TEXTS.changedSinceShown);

    // The rest by a saved card or verified bank account of the business (as checkout resolves one).
    let method: { source: string; label: string; id: string; postalCode: string | null } | null = null;
    if (sums.charge > 0) {
      if (!input.paymentMethodId) throw new HttpError(400, BILLING_TEXTS.paymentMethodRequired);
      const row = await paymentMethodOfBusiness(tx, business.id, input.paymentMethodId);
      if (!row) throw new HttpError(404, BILLING_TEXTS.paymentMethodNotFound);
      if (row.type === 'BANK_ACCOUNT' && row.status !== 'verified')
        throw new HttpError(400, CHECKOUT_TEXTS.bankUnverified);
      if (row.type === 'CARD' && row.expMonth && row.expYear && isExpired(row.expMonth, row.expYear, now))
        throw new HttpError(400, CHECKOUT_TEXTS.cardExpired);
      method = { source: row.processorToken, label: paymentLabelOf(row), id: row.id, postalCode: row.postalCode };
    }

    // Spread (docs/decisions.md "Billing"): over the invoices in the order sent, credit first (the memos in
    // the order sent), then cash; the discount rides with the invoice it was earned on.
    const applications: repo.NewApplication[] = [];
    const pool = drawn.map((memo) => ({ id: memo.row.id, left: memo.take }));
    for (const a of asked) {
      let need = a.paymentCents;
      for (const memo of pool) {
        if (need === 0) break;
        const credit = Math.min(memo.left, need);
        if (credit === 0) continue;
        memo.left -= credit;
        need -= credit;
        applications.push({ invoiceId: a.row.id, creditMemoId: memo.id, creditCents: credit });
      }
      const discount = a.paymentCents >= a.payoff.payoffCents ? a.payoff.discountCents : 0;
      if (need > 0 || discount > 0)
        applications.push({ invoiceId: a.row.id, creditMemoId: null, cashCents: need, discountCents: discount });
    }

    const rep = isSalesRep(actor.user);
    const plan: Plan = {
      partner: { id: business.id, sapBpCode: business.sapBpCode, companyName: business.companyName },
      paidBy: {
        name: fullName(actor.user),
        email: actor.user.email,
        // A rep acts for the dealer primary impersonated, else for the business itself.
        actingFor: rep ? (actor.impersonating ? fullName(actor.actingUser) : business.companyName) : null,
      },
      invoices: asked.map((a) => ({
        id: a.row.id,
        number: repo.invoiceNumberOf(a.row.number),
        paidCents: a.paymentCents,
        discountCents: a.paymentCents >= a.payoff.payoffCents ? a.payoff.discountCents : 0,
      })),
      creditMemos: drawn.map((memo) => ({
        id: memo.row.id,
        number: repo.creditMemoNumberOf(memo.row.number),
        appliedCents: memo.take,
      })),
      applications,
      sums,
      source: method?.source ?? null,
      methodLabel: method?.label ?? null,
      postalCode: method?.postalCode ?? null,
    };
    const payment = await repo.insertPayment(tx, {
      businessPartnerId: business.id,
      userId: actor.user.id,
      paidByName: plan.paidBy.name,
      paidByEmail: plan.paidBy.email,
      actingForName: plan.paidBy.actingFor,
      idempotencyKey: key,
      requestHash,
      status: 'charging',
      methodLabel: plan.methodLabel,
      paymentMethodId: method?.id ?? null,
      chargedCents: sums.charge,
      discountCents: sums.discount,
      creditCents: sums.credit,
      snapshot: plan,
    });
    // Committed with the decision, before the charge: kept even when the charge then fails.
    await repo.holdForPayment(
      tx,
      payment.id,
      asked.map((a) => ({ invoiceId: a.row.id, cents: a.paymentCents })),
      drawn.map((memo) => memo.row.id),
    );
    return { payment };
  }

  /** Charges (idempotently, by the payment's id) and writes the ledger; a decline ends the payment, changing nothing. */
  async function finish(payment: repo.PaymentRow, chargeFound?: { id: string } | null): Promise<Receipt> {
    const plan = payment.snapshot as Plan;
    let chargeId: string | null = chargeFound?.id ?? null;
    if (plan.source && plan.sums.charge > 0 && !chargeId) {
      const charge = await ctx.payments
        .charge({
          idempotencyKey: payment.id,
          amountCents: plan.sums.charge,
          currency: 'USD',
          source: plan.source,
          description: `${plan.partner.companyName} (${plan.partner.sapBpCode}): ${plan.invoices.map((i) => i.number).join(', ')}`,
          ...(plan.postalCode && { postalCode: plan.postalCode }),
        })
        .catch((error: unknown) => {
          if (error instanceof PaymentRefusal) return { status: 'refused' as const, detail: error.message };
          throw error;
        });
      if (charge.status === 'refused')
        return fail(payment, { status: 400, detail: charge.detail, code: PAYMENT_ERROR });
      if (charge.status === 'declined')
        return fail(payment, { status: 402, detail: charge.detail, code: PAYMENT_ERROR });
      chargeId = charge.id;
    }

    let outcome: { receipt: Receipt; ended?: never } | { receipt?: never; ended: repo.PaymentRow };
    try {
      outcome = await ctx.db.transaction(async (tx) => {
        // Claimed first: a retry and a recovery at once write the ledger once.
        if (!(await repo.claimPayment(tx, payment.id, chargeId)))
          return { ended: (await repo.paymentById(tx, payment.id))! };
        await repo.applyPayment(tx, payment.id, plan.applications);
        await repo.releaseHolds(tx, payment.id);
        // One after the other: the transaction's connection runs one query at a time.
        const after = await repo.invoicesByIds(
          tx,
          plan.invoices.map((i) => i.id),
        );
        const balances = await repo.partnerBalances(tx, plan.partner.id);
        const paidOff = new Set(
          after.filter((row) => row.paidCents + row.discountTakenCents >= row.totalCents).map((row) => row.id),
        );
        const receipt: Receipt = {
          id: payment.id,
          number: repo.receiptNumberOf(payment.number),
          date: payment.createdAt.toISOString(),
          businessPartner: { sapBpCode: plan.partner.sapBpCode, companyName: plan.partner.companyName },
          invoices: plan.invoices.map((i) => ({
            id: i.id,
            number: i.number,
            paid: { amount: i.paidCents },
            discount: { amount: i.discountCents },
            isPaid: paidOff.has(i.id),
          })),
          creditMemos: plan.creditMemos.map((m) => ({
            id: m.id,
            number: m.number,
            applied: { amount: m.appliedCents },
          })),
          discount: { amount: plan.sums.discount },
          credit: { amount: plan.sums.credit },
          charged: { amount: plan.sums.charge },
          method: plan.methodLabel,
          paidBy: { name: plan.paidBy.name, actingFor: plan.paidBy.actingFor },
          accountBalance: { amount: balances.accountBalanceCents },
        };
        await repo.saveReceipt(tx, payment.id, receipt);
        await ctx.mailer.send(
          { to: plan.paidBy.email, subject: BILLING_TEXTS.receiptSubject(receipt.number), text: receiptText(receipt) },
          tx,
        );
        return { receipt };
      });
    } catch (error) {
      // The last guard: the ledger refused an overpayment. Give the money back and say the figures moved.
      if (!isCheckViolation(error)) throw error;
      if (chargeId) await ctx.payments.voidCharge(chargeId);
      return fail(payment, { status: 409, detail: BILLING_TEXTS.changedSinceShown });
    }
    if (outcome.receipt) return outcome.receipt;
    // Ended meanwhile by a recovery that found no charge yet: this charge is in no ledger, so it is voided.
    if (outcome.ended.status === 'failed' && chargeId) await ctx.payments.voidCharge(chargeId).catch(() => undefined);
    return answerOf(outcome.ended);
  }

  /**
   * Ends a payment as failed and lets go of what it held; nothing else in the ledger changes. Answers the
   * failure, or what the payment ended with if a retry or a recovery ended it first.
   */
  async function fail(payment: repo.PaymentRow, failure: Failure): Promise<Receipt> {
    const ended = await ctx.db.transaction(async (tx) => {
      if (!(await repo.failPayment(tx, payment.id, failure))) return false;
      await repo.releaseHolds(tx, payment.id);
      return true;
    });
    if (!ended) return answerOf((await repo.paymentById(ctx.db, payment.id))!);
    throw new HttpError(failure.status, failure.detail, {}, failure.code);
  }

  /** The answer of a payment that ended: its receipt, or its failure. */
  function answerOf(payment: repo.PaymentRow): Receipt {
    if (payment.status === 'failed') {
      const failure = payment.failure!;
      throw new HttpError(failure.status, failure.detail, {}, failure.code);
    }
    return payment.receipt as Receipt;
  }

  /** A retry: the first answer once it is known; another body under the key is refused. */
  async function replay(payment: repo.PaymentRow, requestHash: string): Promise<{ replayed: boolean; body: Receipt }> {
    if (payment.requestHash !== requestHash) throw new HttpError(422, BILLING_TEXTS.idempotencyKeyReused);
    const deadline = Date.now() + REPLAY_WAIT_MS;
    let current: repo.PaymentRow | null = payment;
    while (current?.status === 'charging') {
      if (Date.now() - current.createdAt.getTime() >= ctx.config.CHECKOUT_RECOVERY_AFTER_MS) {
        await settle(current).catch(() => undefined);
      } else if (Date.now() > deadline) {
        throw new HttpError(409, BILLING_TEXTS.inProgress);
      } else {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      current = await repo.paymentById(ctx.db, payment.id);
    }
    if (!current) throw new HttpError(404, BILLING_TEXTS.invoiceNotFound);
    return { replayed: true, body: answerOf(current) };
  }

  /**
   * Finishes a payment a crash left charging, as checkout's recovery does: with its charge made (or
   * nothing to charge) the ledger is written; one whose charge never happened (or was declined) ends
   * failed. Nothing is charged here that was not charged.
   */
  async function settle(payment: repo.PaymentRow) {
    const plan = payment.snapshot as Plan;
    if (!plan.source || plan.sums.charge === 0) return finish(payment, null);
    const charge = await ctx.payments.findCharge(payment.id);
    if (charge?.status === 'succeeded') return finish(payment, charge);
    return fail(payment, {
      status: 402,
      detail: charge?.status === 'declined' ? charge.detail : BILLING_TEXTS.notCompleted,
      code: PAYMENT_ERROR,
    });
  }

  /** At start (app.ts, beside checkout's): every payment still charging for longer than the recovery delay is settled. */
  async function recover() {
    const stale = await repo.chargingPayments(ctx.db, new Date(Date.now() - ctx.config.CHECKOUT_RECOVERY_AFTER_MS));
    for (const payment of stale) await settle(payment).catch(() => undefined);
    return stale.length;
  }

  return { pay, recover };
}

function receiptText(receipt: Receipt) {
  const lines = receipt.invoices.map(
    (i) =>
      `  ${i.number}  ${formatMoney(i.paid.amount)}${i.discount.amount ? ` (early-pay discount ${formatMoney(i.discount.amount)})` : ''}${i.isPaid ? '  paid in full' : ''}`,
  );
  const memos = receipt.creditMemos.map((m) => `  ${m.number}  ${formatMoney(m.applied.amount)}`);
  return [
    `Receipt ${receipt.number} for ${receipt.businessPartner.companyName} (${receipt.businessPartner.sapBpCode}).`,
    `Paid by ${receipt.paidBy.name}${receipt.paidBy.actingFor ? ` for ${receipt.paidBy.actingFor}` : ''}.`,
    '',
    'Invoices:',
    ...lines,
    ...(memos.length ? ['', 'Credit memos applied:', ...memos] : []),
    '',
    `Early-pay discount: ${formatMoney(receipt.discount.amount)}`,
    `Credit applied: ${formatMoney(receipt.credit.amount)}`,
    `Charged: ${formatMoney(receipt.charged.amount)}${receipt.method ? ` to ${receipt.method}` : ''}`,
    '',
    `Account balance now: ${formatMoney(receipt.accountBalance.amount)}`,
  ].join('\n');
}
