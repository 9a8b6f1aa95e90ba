import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessPartners } from '../business-partners/schema.ts';
import { sessions, verifications } from '../auth/schema.ts';
import { accounts, users, userTypes } from '../users/schema.ts';

/** A statement broke a unique constraint (PostgreSQL 23505), through drizzle's wrapping. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505' && (name === constraint || (typeof message === 'string' && message.includes(constraint))))
      return true;
  }
  return false;
}

export const USERS_EMAIL_UNIQUE = 'users_email_unique';
const SAP_BP_CODE_UNIQUE = 'business_partners_sap_bp_code_unique';
/** Codes taken by a concurrent registration are skipped this many times before giving up. */
const CODE_ATTEMPTS = 5;

export const findUserByEmail = async (db: Db, email: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0] ?? null;

/** spec 01 §4: B2C partners are coded `B2C-` and six digits; the next one after the highest in use. */
async function nextB2cCode(db: Db): Promise<string> {
  const result = (await db.execute(sql`
    select coalesce(max(substring(sap_bp_code from 5)::int), 0) + 1 as next
    from business_partners where sap_bp_code ~ '^B2C-[0-9]{6}$'
  `)) as { rows: { next: number | string }[] };
  const next = Number(result.rows[0]!.next);
  if (next > 999_999) throw new Error('No B2C business partner code left');
  return `B2C-${String(next).padStart(6, '0')}`;
}

export interface NewConsumer {
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
}

/**
 * The consumer, their B2C business partner, credential and user type, in one transaction: a
 * failure anywhere leaves none of them. Two registrations at once may pick the same code; the
 * loser retries inside a savepoint with the next free one. Throws a unique violation on
 * `users_email_unique` when the e-mail was registered meanwhile.
 */
export function createConsumer(db: Db, person: NewConsumer) {
  const fullName = `${person.firstName} ${person.lastName}`;
  return db.transaction(async (tx) => {
    let partner: { id: string; sapBpCode: string } | undefined;
    for (let attempt = 1; !partner; attempt++) {
      const sapBpCode = await nextB2cCode(tx);
      try {
        partner = await tx.transaction(
          async (savepoint) =>
            (
              await savepoint
                .insert(businessPartners)
                .values({ sapBpCode, companyName: fullName, channelSlug: 'msrp', country: 'US' })
                .returning({ id: businessPartners.id, sapBpCode: businessPartners.sapBpCode })
            )[0]!,
        );
      } catch (error) {
        if (attempt >= CODE_ATTEMPTS || !isUniqueViolation(error, SAP_BP_CODE_UNIQUE)) throw error;
      }
    }
    const userId = randomUUID();
    await tx.insert(users).values({
      id: userId,
      name: fullName,
      email: person.email,
      emailVerified: false,
      firstName: person.firstName,
      lastName: person.lastName,
      businessPartnerId: partner.id,
      mfaType: 'none',
    });
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: userId,
      providerId: 'credential',
      userId,
      password: person.passwordHash,
    });
    await tx.insert(userTypes).values({ userId, type: 'consumer', isOwner: false });
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
  const identifier = pendingIdentifier(userId);
  await db.delete(verifications).where(eq(verifications.identifier, identifier));
  await db.insert(verifications).values({ id: randomUUID(), identifier, value: JSON.stringify(pending), expiresAt });
}

/**
 * Takes the pending change a link names (user and nonce), if it is still there and unexpired.
 * The delete is the claim: when a link is opened twice at the same moment, one of them wins.
 */
export async function takePendingEmailChange(db: Db, userId: string, nonce: string) {
  const [row] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.identifier, pendingIdentifier(userId)), gt(verifications.expiresAt, new Date())));
  const pending = row ? (JSON.parse(row.value) as PendingEmailChange) : null;
  if (!row || pending?.nonce !== nonce) return null;
  const taken = await db.delete(verifications).where(eq(verifications.id, row.id)).returning({ id: verifications.id });
  return taken.length ? pending : null;
}

/** The new e-mail becomes the sign-in e-mail (it was just proven) and every session ends. */
export async function changeEmail(db: Db, userId: string, email: string) {
  const updated = await db
    .update(users)
    .set({ email, emailVerified: true })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (updated.length === 0) return false;
  await db.delete(sessions).where(eq(sessions.userId, userId));
  return true;
}
