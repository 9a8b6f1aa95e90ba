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

/** A partner's credit limit in cents (spec 02 §3 creditLimit; 0 for none, or an unknown partner): billing's summary. */
export function creditLimitOf(db: Db | Tx, partnerId: string): Promise<number> {
  return repo.creditLimitOf(db, partnerId);
}
