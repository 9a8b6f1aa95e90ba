import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import { createB2cPartner } from '../business-partners/index.ts';
import { endSessionsOf, replaceVerification, takeVerification, unexpiredVerification } from '../auth/index.ts';
import { createPortalUser, setSignInEmail } from '../users/index.ts';

export const USERS_EMAIL_UNIQUE = 'users_email_unique';
export interface NewConsumer {
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
}

/**
 * The consumer, their B2C business partner, credential and user type, in one transaction: a
 * failure anywhere leaves none of them. Throws a unique violation on `users_email_unique` when the
 * e-mail was registered meanwhile.
 */
export function createConsumer(db: Db, person: NewConsumer) {
  return db.transaction(async (tx) => {
    const partner = await createB2cPartner(tx, `${person.firstName} ${person.lastName}`);
    const userId = randomUUID();
    await createPortalUser(tx, {
      id: userId,
      email: person.email,
      emailVerified: false,
      firstName: person.firstName,
      lastName: person.lastName,
      businessPartnerId: partner.id,
      type: 'consumer',
      isOwner: false,
      passwordHash: person.passwordHash,
    });
    return { userId, businessPartnerId: partner.id, sapBpCode: partner.sapBpCode };
  });
}

export interface PendingEmailChange {
  newEmail: string;
  nonce: string;
}

const pendingIdentifier = (userId: string) => `change-email-${userId}`;

/** One pending e-mail change per user: a new request replaces the last (its links stop working). */
export async function savePendingEmailChange(db: Db, userId: string, pending: PendingEmailChange, expiresAt: Date) {
  await replaceVerification(db, pendingIdentifier(userId), JSON.stringify(pending), expiresAt);
}

/**
 * Takes the pending change a link names (user and nonce), if it is still there and unexpired.
 * The delete is the claim: when a link is opened twice at the same moment, one of them wins.
 */
export async function takePendingEmailChange(db: Db, userId: string, nonce: string) {
  const row = await unexpiredVerification(db, pendingIdentifier(userId));
  const pending = row ? (JSON.parse(row.value) as PendingEmailChange) : null;
  if (!row || pending?.nonce !== nonce) return null;
  return (await takeVerification(db, row.id)) ? pending : null;
}

/** The new e-mail becomes the sign-in e-mail (it was just proven) and every session ends. */
export async function changeEmail(tx: Tx, userId: string, email: string) {
  if (!(await setSignInEmail(tx, userId, email))) return false;
  await endSessionsOf(tx, userId);
  return true;
}
