import type { Db, Tx } from '../../db/client.ts';
import { lockUserRow } from '../users/index.ts';
import * as repo from './repo.ts';

/**
 * Serialises a user's cart changes against each other and against their business selection: a
 * second create finds the first one's cart, and a swap never interleaves with a create. The lock is
 * the user's row (the users module's door).
 */
export const lockUser = (tx: Tx, userId: string) => lockUserRow(tx, userId);

/**
 * spec 02 §4: swapping a business partner clears the cart. Called inside the selection's own
 * transaction, so a failed selection keeps the cart as it was.
 */
export const clearOpenCheckouts = (tx: Db | Tx, userId: string) => repo.clearOpenCheckouts(tx, userId);
