import type { Db, Tx } from '../../db/client.ts';
import * as repo from './repo.ts';

export type { PaymentMethodRow } from './repo.ts';

/**
 * One of the business's saved cards and bank accounts, or null (another business's, or no id at all, is
 * not found): a checkout or an invoice payment pays with it, read in its own transaction (issue 18, 19);
 * `lock` holds its row until that transaction ends.
 */
export function paymentMethodOfBusiness(
  db: Db | Tx,
  businessPartnerId: string,
  id: string,
  lock = false,
): Promise<repo.PaymentMethodRow | null> {
  return repo.methodOf(db, businessPartnerId, id, lock);
}
