import type { Order } from '@portal/contracts';
import type { Db, Tx } from '../../db/client.ts';
import * as repo from './repo.ts';

/**
 * One order of a business in its wire shape, or null (another business's order is not found): checkout
 * completion answers it, billing reads the order behind an invoice. Pass a transaction to read in it.
 */
export function orderOf(db: Db | Tx, businessPartnerId: string, orderId: string): Promise<Order | null> {
  return repo.orderOf(db, businessPartnerId, orderId);
}
