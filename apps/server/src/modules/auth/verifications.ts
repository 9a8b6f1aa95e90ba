import type { Db, Tx } from '../../db/client.ts';
import * as repo from './repo.ts';

/**
 * Values other modules keep in better-auth's verifications table, one pending value per identifier
 * (the accounts module's pending e-mail change); pass a transaction to join the caller's.
 */

/** Keeps `value` for `identifier` until `expiresAt`; a new one replaces the last. */
export function replaceVerification(db: Db | Tx, identifier: string, value: string, expiresAt: Date): Promise<void> {
  return repo.replaceVerification(db, identifier, value, expiresAt);
}

/** The value kept for `identifier`, unless it expired. */
export function unexpiredVerification(db: Db | Tx, identifier: string) {
  return repo.unexpiredVerification(db, identifier);
}

/** Takes (deletes) a kept value by its id: false when another request took it first. */
export function takeVerification(db: Db | Tx, id: string): Promise<boolean> {
  return repo.takeVerification(db, id);
}
