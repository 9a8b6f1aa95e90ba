import { CHECKOUT_TEXTS, REFUSAL_CODES, formatMoney } from '@portal/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { refuse, type Refusal } from '../../refusal.ts';
import * as repo from './repo/index.ts';

/**
 * A business's credit standing (spec 02 §3 creditLimit, accountBalance, pastDueInvoices; issue 26 "one
 * rule per question"): its credit limit beside what the ledger says it owes. Billing owns it: the partner's
 * detail, the billing summary and the checkout's TERMS all ask here. The credit limit is a fact of the
 * business partner that the caller already holds (its row, the actor's business), so billing imports
 * nothing of the business-partners module.
 */
export interface CreditStanding extends repo.PartnerBalances {
  creditLimitCents: number;
  /** What may still be bought on terms: the limit less the balance, never below 0. */
  creditAvailableCents: number;
}

export async function creditStandingOf(
  db: Db | Tx,
  partner: { id: string; creditLimitCents: number },
  now = new Date(),
): Promise<CreditStanding> {
  const balances = await repo.partnerBalances(db, partner.id, now);
  return {
    ...balances,
    creditLimitCents: partner.creditLimitCents,
    creditAvailableCents: Math.max(0, partner.creditLimitCents - balances.accountBalanceCents),
  };
}

/**
 * Why the business may not buy on terms at all now, whatever the total (no credit line, past due): what a
 * screen can say before TERMS is chosen (issue 27 §8).
 */
export const termsClosedBy = (standing: CreditStanding): Refusal | null => termsRefusalOf(standing, 0);

/** spec 02 §4: why `totalCents` may not be bought on terms now (no credit line, past due, over the limit), or null. */
export function termsRefusalOf(standing: CreditStanding, totalCents: number): Refusal | null {
  if (standing.creditLimitCents <= 0)
    return refuse.invalid(CHECKOUT_TEXTS.termsNoCredit, REFUSAL_CODES.TERMS_NO_CREDIT);
  if (standing.pastDueCents > 0) return refuse.invalid(CHECKOUT_TEXTS.termsPastDue, REFUSAL_CODES.TERMS_PAST_DUE);
  const left = standing.creditLimitCents - standing.accountBalanceCents;
  if (totalCents > left)
    return refuse.invalid(
      CHECKOUT_TEXTS.termsOverLimit(formatMoney(Math.max(0, left))),
      REFUSAL_CODES.TERMS_UNAVAILABLE,
    );
  return null;
}
