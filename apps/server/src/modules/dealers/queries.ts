import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';

/** What other modules read of a dealer's staff, each named for what it answers. */

/** The staff of the business's dealer, with the flags that make up purchasing rights, by name (a partner's user info). */
export function staffOfBusiness(db: Db, businessPartnerId: string) {
  return repo.staffOfBusiness(db, businessPartnerId);
}

/** Whether an address has an account (null: none), and whether it is on this dealer's staff (an invitation). */
export function accountOnStaff(db: Db, email: string, dealerId: string): Promise<{ onStaff: boolean } | null> {
  return repo.accountOnStaff(db, email, dealerId);
}
