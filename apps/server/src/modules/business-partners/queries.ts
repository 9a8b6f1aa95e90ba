import type { Db, Tx } from '../../db/client.ts';
import * as repo from './repo.ts';

/** What other modules read of a business partner, each named for what it answers. */

/** The business a SAP BP code names (any case, spaces around ignored), or null: a rep's selection, a dealer request. */
export function partnerByCode(db: Db, sapBpCode: string) {
  return repo.partnerByCode(db, sapBpCode);
}

/** The business whose dealer record `dealerId` is (the dealer an invitation names), or null. */
export function partnerOfDealer(db: Db, dealerId: string) {
  return repo.partnerOfDealer(db, dealerId);
}

/**
 * A partner's credit limit in cents (spec 02 §3 creditLimit; 0 for none, or an unknown partner), with the
 * partner's row locked for the rest of the caller's transaction: the checkout's TERMS decides under it.
 */
export async function lockedCreditLimitOf(tx: Db | Tx, partnerId: string): Promise<number> {
  return (await repo.checkoutTermsOf(tx, partnerId, { lock: true }))?.creditLimitCents ?? 0;
}
