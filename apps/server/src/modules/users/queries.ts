import type { Db, Tx } from '../../db/client.ts';
import * as repo from './repo.ts';

/**
 * What other modules read of a user: sign-in and the second factor (auth), the account service
 * (accounts), a new user's or invitee's registration (invitations, dealer requests). Pass a
 * transaction to read inside it.
 */

/** A user's record as the identity calls see it: sign-in e-mail, second factor, lockout epoch, names. */
export type UserRecord = NonNullable<Awaited<ReturnType<typeof repo.userById>>>;

/** The user who signs in with this e-mail (stored lowercased), or null. */
export function userByEmail(db: Db | Tx, email: string): Promise<UserRecord | null> {
  return repo.userByEmail(db, email);
}

/** The user of an id, or null. */
export function userById(db: Db | Tx, id: string): Promise<UserRecord | null> {
  return repo.userById(db, id);
}

/** The id of the user with this e-mail, or null. */
export function userIdByEmail(db: Db, email: string): Promise<string | null> {
  return repo.userIdByEmail(db, email);
}

/** A user made for someone else, and whether they have chosen a password yet (their link works until then). */
export function registrationStateOf(db: Db, userId: string) {
  return repo.registrationStateOf(db, userId);
}
