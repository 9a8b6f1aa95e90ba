import type { PaymentCard } from '@portal/contracts';
import { payingFactsOf, whyMethodCannotPay } from '@portal/contracts/payment-methods';

/** Why a saved method can not pay now (spec 02 §4: a bank account must be verified first); null when it can. */
export function unusableReason(method: PaymentCard, today = new Date()): string | null {
  // The one rule of checkout, invoice payment and the server (contracts' whyMethodCannotPay).
  const why = whyMethodCannotPay(payingFactsOf(method), today);
  if (why === null) return null;
  if (why === 'CARD_EXPIRED') return 'Expired: update it under Billing';
  return method.status === 'locked' ? 'Locked after three wrong tries' : 'Not verified yet: verify it under Billing';
}
