import type { Db, Tx } from '../../db/client.ts';
import * as repo from './repo/index.ts';

export type { PartnerBalances } from './repo/index.ts';

/**
 * The balance fields of a business partner as of `now`, summed from the ledger (issue 19): a partner's
 * detail and user info, and the checkout's TERMS standing (read under the partner's row lock there).
 */
export function partnerBalances(db: Db | Tx, partnerId: string, now = new Date()): Promise<repo.PartnerBalances> {
  return repo.partnerBalances(db, partnerId, now);
}
