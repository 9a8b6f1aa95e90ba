import {
  BILLING_TEXTS,
  REFUSAL_CODES,
  formatMoney,
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
import { refuse } from '../../refusal.ts';
import { tryViewOf, type AttemptMachine, type AttemptStore } from '../../attempts/machine.ts';
import { chargeStep } from '../../attempts/charge-step.ts';
import { businessAlsoMailed, type Actor } from '../../actor.ts';
import { paymentLabelOf, paymentMethodOfBusiness, refuseUnlessMethodCanPay } from '../payment-methods/index.ts';
import * as repo from './repo/index.ts';

type PayInput = z.output<typeof payInvoicesRequestSchema>;

/** What the deciding transaction decided, kept with the payment: a crash resumes from this. */
interface Plan {
  partner: { id: string; sapBpCode: string; companyName: string };
  /** `alsoTo` (issue 27 §10): the dealer primary a rep acted for hears of it too; absent on older plans. */
  paidBy: { name: string; email: string; actingFor: string | null; alsoTo?: string[] };
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

const fullName = (user: PortalUser) => `${user.first_name} ${user.last_name}`.trim() || user.email;

/** A CHECK constraint refused the statement (PostgreSQL 23514): the ledger's last guard against overpaying. */
function isCheckViolation(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as Error).cause, depth++)
    if ((e as { code?: unknown }).code === '23514') return true;
  return false;
}

/** The invoices and credit memos a payment holds, locked in the ledger's one order (repo.lockLedgerRows). */
const lockPlanRows = (tx: Tx, plan: Plan) =>
  repo.lockLedgerRows(
    tx,
    plan.partner.id,
    plan.invoices.map((i) => i.id),
    plan.creditMemos.map((m) => m.id),
  );

/** Where payments are kept: invoice_payments (the receipt itself); a failed one lets go of what it held. */
const store: AttemptStore<Plan, repo.PaymentRow> = {
  keyConstraint: 'invoice_payments_key',
  byKey: (db, userId, key) => repo.paymentByKey(db, userId, key),
  byId: (db, id) => repo.paymentById(db, id),
  pendingBefore: (db, before) => repo.chargingPayments(db, before),
  view: (row) => tryViewOf(row, 'succeeded'),
  async fail(tx, row, failure) {
    // The payment first, then its invoices and memos in the ledger's order: as the write takes them.
    if (!(await repo.failPayment(tx, row.id, failure))) return false;
    await lockPlanRows(tx, row.snapshot as Plan);
    await repo.releaseHolds(tx, row.id);
    return true;
  },
};

/**
 * POST /api/pay-invoice (issue 19; spec 02 §4, §8) as a kind of the attempt machine (issue 26): one
 * transaction decides (locks the invoices and credit memos in the ledger's one order, checks every amount
 * against today's payoff, records what is being paid on each invoice and holds them, writes the payment
 * 'charging' with its plan); the machine's charge step charges; one transaction writes the applications
 * and the sums they change, the receipt and its mail.
 */
export function createInvoicePayment(ctx: AppContext, attempts: AttemptMachine) {
  const runner = attempts.define<Actor, { body: PayInput; now: Date }, Plan, repo.PaymentRow, Receipt>({
    name: 'invoice-payment',
    label: 'invoice payment',
    texts: {
      keyRequired: BILLING_TEXTS.idempotencyKeyRequired,
      keyReused: BILLING_TEXTS.idempotencyKeyReused,
      inProgress: BILLING_TEXTS.inProgress,
      notFound: BILLING_TEXTS.invoiceNotFound,
      notCompleted: BILLING_TEXTS.notCompleted,
    },
    store,
    ownerOf(actor) {
      if (!actor.business) throw refuse.forbidden(BILLING_TEXTS.selectBusiness);
      return actor.user.id;
    },
    requestOf: (actor, { body }) => [
      actor.business!.id,
      body.invoices.map((i) => [i.id, i.paymentAmount]),
      body.creditMemos.map((c) => [c.id, c.amount ?? null]),
      body.paymentMethodId ?? null,
      body.expectedTotal ?? null,
    ],
    decide: (tx, actor, { body, now }, at) => decide(tx, actor, body, at, now),
    steps: [
      chargeStep<Plan>(ctx.payments, (plan) =>
        plan.source && plan.sums.charge > 0
          ? {
              amountCents: plan.sums.charge,
              currency: 'USD',
              source: plan.source,
              description: `${plan.partner.companyName} (${plan.partner.sapBpCode}): ${plan.invoices.map((i) => i.number).join(', ')}`,
              ...(plan.postalCode && { postalCode: plan.postalCode }),
            }
          : null,
      ),
    ],
    write: (tx, payment, outputs) =>
      writeLedger(tx, payment, (outputs.charge as { id: string } | undefined)?.id ?? null),
    // The last guard: the ledger refused an overpayment. The charge is voided; the figures moved.
    refusalOfWriteError: (error) =>
      isCheckViolation(error)
        ? refuse.conflict(BILLING_TEXTS.changedSinceShown, REFUSAL_CODES.CHANGED_SINCE_SHOWN)
        : null,
    resultOf: async (_db, payment) => payment.receipt as Receipt,
  });

  /**
   * The one transaction that decides what the payment does. It writes the payment ('charging') and, on the
   * invoices, only what is being tried and the hold: no application, no sum.
   */
  async function decide(
    tx: Tx,
    actor: Actor,
    input: PayInput,
    at: { key: string; requestHash: string; earlier: () => Promise<repo.PaymentRow | null> },
    now: Date,
  ): Promise<{ replay: repo.PaymentRow } | { tried: repo.PaymentRow }> {
    const business = actor.business!;
    const today = repo.dayOf(now);
    const invoiceIds = input.invoices.map((i) => i.id);
    const memoIds = input.creditMemos.map((c) => c.id);
    // Locked in the ledger's one order (invoices and credit memos together, by id): payments that share an
    // invoice or a memo wait for each other and can not deadlock.
    await repo.lockLedgerRows(tx, business.id, invoiceIds, memoIds);
    const invoiceRows = await repo.invoicesOfPartner(tx, business.id, invoiceIds);
    // Another business's invoice (or credit memo) answers as one that does not exist.
    if (invoiceRows.length !== input.invoices.length) throw refuse.notFound(BILLING_TEXTS.invoiceNotFound);
    const memoRows = await repo.creditMemosOfPartner(tx, business.id, memoIds);
    if (memoRows.length !== input.creditMemos.length) throw refuse.notFound(BILLING_TEXTS.creditMemoNotFound);
    // The same key, sent again while the first was deciding: it has committed by now; answer its answer.
    const first = await at.earlier();
    if (first) return { replay: first };
    // One payment at a time on an invoice or a credit memo: another still charging holds them.
    const holders = [...invoiceRows, ...memoRows].flatMap((row) => (row.heldByPaymentId ? [row.heldByPaymentId] : []));
    if (await repo.isAnyCharging(tx, holders))
      throw refuse.conflict(BILLING_TEXTS.inProgress, REFUSAL_CODES.IN_PROGRESS);

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
    if (fields.length) throw refuse.fields(fields);

    // Less than the payoff is a partial payment, without the discount; some invoices must be paid in full.
    if (asked.some((a) => a.paymentCents < a.payoff.payoffCents && !a.row.partialPaymentAllowed))
      throw refuse.invalid(BILLING_TEXTS.partialNotAllowed, REFUSAL_CODES.PARTIAL_PAYMENT_NOT_ALLOWED);

    const owed = asked.reduce((sum, a) => sum + a.paymentCents, 0);
    // Credit: a memo's `amount`, or as much of what is left as the invoices still need. A memo that would
    // add nothing, or amounts beyond the invoices', is more credit than the payment can take.
    let creditCents = 0;
    const drawn = memos.map((memo) => {
      const take = memo.asked ?? Math.min(memo.left, owed - creditCents);
      creditCents += take;
      return { ...memo, take };
    });
    if (creditCents > owed || drawn.some((memo) => memo.take <= 0)) throw refuse.invalid(BILLING_TEXTS.creditOverTotal);

    const sums = paymentSumsOf(
      asked.map((a) => ({
        paymentCents: a.paymentCents,
        payoffCents: a.payoff.payoffCents,
        discountCents: a.payoff.discountCents,
      })),
      creditCents,
    );
    if (input.expectedTotal != null && input.expectedTotal !== sums.charge)
      throw refuse.conflict(BILLING_TEXTS.changedSinceShown, REFUSAL_CODES.CHANGED_SINCE_SHOWN);

    // The rest by a saved card or verified bank account of the business (as checkout resolves one).
    let method: { source: string; label: string; id: string; postalCode: string | null } | null = null;
    if (sums.charge > 0) {
      if (!input.paymentMethodId)
        throw refuse.invalid(BILLING_TEXTS.paymentMethodRequired, REFUSAL_CODES.PAYMENT_METHOD_REQUIRED);
      const row = await paymentMethodOfBusiness(tx, business.id, input.paymentMethodId);
      if (!row) throw refuse.notFound(BILLING_TEXTS.paymentMethodNotFound, REFUSAL_CODES.PAYMENT_METHOD_NOT_FOUND);
      refuseUnlessMethodCanPay(row, now);
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
        alsoTo: businessAlsoMailed(actor),
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
      idempotencyKey: at.key,
      requestHash: at.requestHash,
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
    return { tried: payment };
  }

  /**
   * The ledger write after the charge: claims the payment (null when a retry or a recovery ended it
   * first), then writes the applications and the sums they change, lets go of the holds, and keeps and
   * mails the receipt.
   */
  async function writeLedger(tx: Tx, payment: repo.PaymentRow, chargeId: string | null): Promise<Receipt | null> {
    const plan = payment.snapshot as Plan;
    if (!(await repo.claimPayment(tx, payment.id, chargeId))) return null;
    await lockPlanRows(tx, plan);
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
    // The business first (the dealer a rep acted for), then the one who paid, as a copy.
    for (const to of [...(plan.paidBy.alsoTo ?? []), plan.paidBy.email])
      await ctx.mailer.send(
        { to, subject: BILLING_TEXTS.receiptSubject(receipt.number), text: receiptText(receipt) },
        tx,
      );
    return receipt;
  }

  return {
    pay: (actor: Actor, input: PayInput, idempotencyKey: string | undefined, now = new Date()) =>
      runner.run(actor, { body: input, now }, idempotencyKey),
  };
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
