import { z } from 'zod';
import {
  BILLING_TEXTS,
  paymentSumsOf,
  type CreditMemo,
  type Invoice,
  type PayInvoicesRequest,
  type PaymentSums,
} from '@portal/contracts/billing';
import { centsToInput, parseDollars } from './format.ts';

/** Texts of the payment form that the contracts do not hold (ours, docs/decisions.md "Billing screens"). */
export const PAYMENT_TEXTS = {
  noAnswer:
    'We could not reach the server, so we do not know yet whether your payment went through. Press Pay again: it will not be paid twice.',
} as const;

/** What the person typed and chose: an amount per invoice and credit memo (by id), and how to pay the rest. */
export interface PaymentFormValues {
  amounts: Record<string, string>;
  credits: Record<string, { apply: boolean; amount: string }>;
  /** A saved card's or verified bank account's id; '' when none is chosen. */
  method: string;
}

/** The screen's side of a payment: the invoices chosen and the open credit memos it may apply. */
export interface PaymentContext {
  invoices: readonly Invoice[];
  memos: readonly CreditMemo[];
}

/** The early-pay discount an invoice offers today (the server's payoff below what is open). */
export const discountOf = (invoice: Invoice) => Math.max(0, invoice.open_amount.amount - invoice.payoffAmount.amount);

/**
 * A payment as the form stands: each chosen invoice's amount (its payoff until changed), the credit memos
 * applied with theirs, and the sums of contracts/billing.ts `paymentSumsOf` (the server charges by the
 * same function). An amount that is not one counts as nothing in the sums; the form's check refuses it.
 */
export function planOf(values: Partial<PaymentFormValues> | undefined, context: PaymentContext) {
  const invoices = context.invoices.map((invoice) => {
    const typed = values?.amounts?.[invoice.id];
    const cents = typed === undefined ? invoice.payoffAmount.amount : parseDollars(typed);
    return { invoice, cents };
  });
  const credits = context.memos
    .filter((memo) => values?.credits?.[memo.id]?.apply)
    .map((memo) => ({ memo, cents: parseDollars(values?.credits?.[memo.id]?.amount ?? '') }));
  const creditCents = credits.reduce((sum, credit) => sum + Math.max(0, credit.cents ?? 0), 0);
  const sums: PaymentSums = paymentSumsOf(
    invoices.map(({ invoice, cents }) => ({
      paymentCents: Math.max(0, cents ?? 0),
      payoffCents: invoice.payoffAmount.amount,
      discountCents: discountOf(invoice),
    })),
    creditCents,
  );
  // Every amount one the server would take (issue 27 §6): until then the sums are not shown as a total.
  const valid =
    invoices.every(
      ({ invoice, cents }) =>
        cents !== null &&
        cents > 0 &&
        cents <= invoice.payoffAmount.amount &&
        (invoice.partialPaymentAllowed || cents === invoice.payoffAmount.amount),
    ) && credits.every(({ memo, cents }) => cents !== null && cents > 0 && cents <= memo.amount_left.amount);
  return {
    invoices,
    credits,
    creditCents,
    sums,
    valid,
    /** The credit memos are worth more than the invoices chosen (the server refuses it: creditOverTotal). */
    creditOverTotal: creditCents > sums.invoices,
  };
}
export type PaymentPlan = ReturnType<typeof planOf>;

/** The body of POST /api/pay-invoice for a checked plan; `expectedTotal` is the charge the screen shows. */
export function requestOf(plan: PaymentPlan, method: string): PayInvoicesRequest {
  return {
    invoices: plan.invoices.map(({ invoice, cents }) => ({ id: invoice.id, paymentAmount: cents ?? 0 })),
    creditMemos: plan.credits.map(({ memo, cents }) => ({ id: memo.id, amount: cents ?? 0 })),
    ...(plan.sums.charge > 0 ? { paymentMethodId: method } : {}),
    expectedTotal: plan.sums.charge,
  };
}

/**
 * The form's check, with the contract's words: each amount more than $0.00 and at most what settles the
 * invoice today; an invoice that must be paid in full, in full; each credit at most what is left on its
 * memo; a card or bank account when something is left to charge. Built for the invoices and credit memos
 * on screen (they change as the person chooses).
 */
export function paymentFormSchema(context: PaymentContext) {
  return z
    .object({
      amounts: z.record(z.string(), z.string()),
      credits: z.record(z.string(), z.object({ apply: z.boolean(), amount: z.string() })),
      method: z.string(),
    })
    .superRefine((values, ctx) => {
      const plan = planOf(values, context);
      for (const { invoice, cents } of plan.invoices) {
        const path = ['amounts', invoice.id];
        const payoff = invoice.payoffAmount.amount;
        if (cents === null) ctx.addIssue({ code: 'custom', path, message: BILLING_TEXTS.amountDollars });
        else if (cents <= 0) ctx.addIssue({ code: 'custom', path, message: BILLING_TEXTS.amountPositive });
        else if (cents > payoff) ctx.addIssue({ code: 'custom', path, message: BILLING_TEXTS.amountOverPayoff });
        else if (cents < payoff && !invoice.partialPaymentAllowed)
          ctx.addIssue({ code: 'custom', path, message: BILLING_TEXTS.partialNotAllowed });
      }
      for (const { memo, cents } of plan.credits) {
        const path = ['credits', memo.id, 'amount'];
        if (cents === null) ctx.addIssue({ code: 'custom', path, message: BILLING_TEXTS.amountDollars });
        else if (cents <= 0) ctx.addIssue({ code: 'custom', path, message: BILLING_TEXTS.amountPositive });
        else if (cents > memo.amount_left.amount)
          ctx.addIssue({ code: 'custom', path, message: BILLING_TEXTS.creditOverLeft });
      }
      if (plan.sums.charge > 0 && !values.method)
        ctx.addIssue({ code: 'custom', path: ['method'], message: BILLING_TEXTS.paymentMethodRequired });
    });
}

/** What a credit memo's amount starts at when it is ticked: what it has left, or less when less is owed. */
export function creditToApply(memo: CreditMemo, plan: PaymentPlan): string {
  const owed = plan.sums.invoices - plan.creditCents;
  const cents = owed > 0 ? Math.min(memo.amount_left.amount, owed) : memo.amount_left.amount;
  return centsToInput(cents);
}
