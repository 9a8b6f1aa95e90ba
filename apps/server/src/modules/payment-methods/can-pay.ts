import { CHECKOUT_TEXTS, REFUSAL_CODES, whyMethodCannotPay, type PayingMethodFacts } from '@portal/contracts';
import { refuse } from '../../refusal.ts';
import type { PaymentMethodRow } from './queries.ts';

/** What decides whether a saved row can pay (contracts' `PayingMethodFacts`). */
export const methodFacts = (method: PaymentMethodRow): PayingMethodFacts => ({
  type: method.type as 'CARD' | 'BANK_ACCOUNT',
  status: method.status,
  expMonth: method.expMonth,
  expYear: method.expYear,
});

/**
 * Refuses a saved method that can not pay now, with the refusal checkout and invoice payment both answer
 * (contracts' `whyMethodCannotPay`, the one rule the screens use too).
 */
export function refuseUnlessMethodCanPay(method: PaymentMethodRow, now = new Date()) {
  const why = whyMethodCannotPay(
    {
      type: method.type as 'CARD' | 'BANK_ACCOUNT',
      status: method.status,
      expMonth: method.expMonth,
      expYear: method.expYear,
    },
    now,
  );
  if (why === REFUSAL_CODES.BANK_UNVERIFIED) throw refuse.invalid(CHECKOUT_TEXTS.bankUnverified, why);
  if (why === REFUSAL_CODES.CARD_EXPIRED) throw refuse.invalid(CHECKOUT_TEXTS.cardExpired, why);
}
