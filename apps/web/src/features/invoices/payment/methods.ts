import type { PaymentCard } from '@portal/contracts';
import { isExpired } from '@portal/contracts/payment-methods';

/** Why a saved method can not pay now (spec 02 §4: a bank account must be verified first); null when it can. */
export function unusableReason(method: PaymentCard, today = new Date()): string | null {
  if (method.type === 'CARD') {
    const match = /^(\d{2})\/(\d{2})$/.exec(method.expiration_date ?? '');
    const expired = match !== null && isExpired(Number(match[1]), 2000 + Number(match[2]), today);
    return expired ? 'Expired: update it under Billing' : null;
  }
  if (method.status === 'verified') return null;
  return method.status === 'locked' ? 'Locked after three wrong tries' : 'Not verified yet: verify it under Billing';
}
